import { valueAt } from './json-fields.ts';
import type { CaptureScope } from './resolve-captures.ts';

/** Remembers the values a step captures (name → dot path into `json`, e.g. `data.0.id`); returns a sentence per missing one. */
export function captureValues(paths: Record<string, string>, json: unknown, scope: CaptureScope, what = 'the response JSON'): string[] {
  const failures: string[] = [];
  for (const [name, path] of Object.entries(paths)) {
    const value = valueAt(json, path);
    if (value === undefined || value === null) failures.push(`Expected ${what} to have "${path}", but it is missing.`);
    else scope[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return failures;
}

/** A short explanation of why a request or a connection failed. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'it timed out';
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
