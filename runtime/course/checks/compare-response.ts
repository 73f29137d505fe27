import type { CheckExpect } from '../format/check-format.ts';
import { matchJson, show } from './match-json.ts';
import { compareTrace } from './compare-trace.ts';
import { matchKinds, type KindContext } from './value-kinds.ts';
import type { RequestTrace } from '../../framework/tracing/trace-data.ts';

/** A response as a check saw it: status, headers (lower-case names), body text, and its trace when one was asked for. */
export interface ActualResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  trace?: RequestTrace | null;
}

/**
 * Compares a response with what a check expects; returns one expected-vs-actual sentence per mismatch.
 * `context` (captures, the previous answer) is what `expect.kinds` compares with; none outside a run.
 */
export function compareResponse(expect: CheckExpect, actual: ActualResponse, context: KindContext = { captured: {} }): string[] {
  const failures: string[] = [];
  if (expect.status !== undefined && expect.status !== actual.status) {
    failures.push(`Expected status ${expect.status}, but got ${actual.status}${statusHint(actual)}.`);
  }
  for (const [rawName, wanted] of Object.entries(expect.headers ?? {})) {
    const name = rawName.toLowerCase();
    const got = actual.headers[name];
    if (wanted === null) {
      if (got !== undefined) failures.push(`Expected no "${name}" header, but got "${got}".`);
    } else if (got === undefined) {
      failures.push(`Expected the header "${name}" containing "${wanted}", but it is missing.`);
    } else if (!got.toLowerCase().includes(wanted.toLowerCase())) {
      failures.push(`Expected the header "${name}" to contain "${wanted}", but it is "${got}".`);
    }
  }
  if (expect.body !== undefined && expect.body !== actual.body) {
    failures.push(`Expected the body ${show(expect.body)}, but got ${showBody(actual.body)}.`);
  }
  for (const text of list(expect.bodyIncludes)) {
    if (!actual.body.includes(text)) failures.push(`Expected the body to contain ${show(text)}, but got ${showBody(actual.body)}.`);
  }
  for (const text of list(expect.bodyExcludes)) {
    if (actual.body.includes(text)) failures.push(`Expected the body not to contain ${show(text)}, but got ${showBody(actual.body)}.`);
  }
  if (expect.trace) failures.push(...compareTrace(expect.trace, actual.trace ?? null));
  if (expect.json !== undefined || expect.kinds !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(actual.body);
    } catch {
      failures.push(`Expected a JSON body, but got ${showBody(actual.body)}.`);
      return failures;
    }
    if (expect.json !== undefined) failures.push(...matchJson(expect.json, parsed));
    if (expect.kinds !== undefined) failures.push(...matchKinds(expect.kinds, parsed, context));
  }
  return failures;
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function showBody(body: string): string {
  return body === '' ? 'an empty body' : show(body);
}

// A bare 404 with an empty body almost always means "no route matched", which is worth saying.
function statusHint(actual: ActualResponse): string {
  if (actual.status === 404 && actual.body === '') return ' (no route matched this method and path)';
  if (actual.status === 0) return ' (no response)';
  return '';
}
