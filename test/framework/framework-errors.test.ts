import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frameworkErrors } from '../../runtime/framework/errors/framework-errors.ts';
import { App, HttpException, MemoryService } from '../../runtime/framework/index.ts';

const ROOT = resolve(import.meta.dirname, '../../runtime/framework');
const ADAPTERS = ['node', 'browser'].map((adapter) => resolve(import.meta.dirname, '../../runtime', adapter));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the framework error catalogue', () => {
  it('gives every error its own code, and each exception carries its code and status', () => {
    const entries = Object.entries(frameworkErrors);
    expect(new Set(entries.map(([, error]) => error.code)).size).toBe(entries.length);
    const e = frameworkErrors.recordNotFound(7);
    expect(e).toBeInstanceOf(HttpException);
    expect([e.statusCode, e.code, e.message]).toEqual([404, 'HALO_RECORD_NOT_FOUND', 'No record found for ID 7']);
    expect(e.toJson()).toEqual({ is_error: true, status_code: 404, message: 'No record found for ID 7', errors: [] });
  });

  it('keeps the wrapped error as the cause, never in the message sent', () => {
    const cause = new SyntaxError('Unexpected token');
    const e = frameworkErrors.malformedJsonBody(cause);
    expect([e.statusCode, e.message, e.cause]).toEqual([400, 'Malformed JSON body: Unexpected token', cause]);
  });

  it('is the only place the framework and its server adapters build an HttpException with their own text', () => {
    const builders =
      /HttpException\.(badRequest|notFound|forbidden|methodNotAllowed|payloadTooLarge|unsupportedMediaType|unavailable|conflict)\(|new HttpException\(\{ (statusCode: \d|message: ['"`])/;
    // The framework and its server adapters: an app (the classroom) writes its own errors, as any app does.
    const offenders = [ROOT, ...ADAPTERS]
      .flatMap(sourceFiles)
      .filter((file) => !file.endsWith('http-exception.ts') && !file.endsWith('framework-errors.ts'))
      .filter((file) => builders.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('a missing record reads the same on the wire through a real app', async () => {
    const app = new App();
    app.use('/todos', new MemoryService());
    const response = await app.fetch(new Request('http://halo.test/todos/9'));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('No record found for ID 9');
  });
});
