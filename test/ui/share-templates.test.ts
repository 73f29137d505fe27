/**
 * The free playground's templates are real Halo programs: each one, run on Node, answers its own first
 * request (the one the template puts in the request panel) without an error. And the embed flag is read
 * from the query or the fragment, and removed again for "Open in the playground".
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { templates } from '../../web/templates/template-catalog.ts';
import { isEmbedUrl, withoutEmbed } from '../../web/modes/embed-flag.ts';
import { runProgram, type RunningProgram } from '../support/run-program.ts';

const FILES: Record<string, string> = { hello: 'hello.ts', 'rest-todos': 'rest-todos.ts', 'error-handling': 'error-handling.ts' };

describe('templates', () => {
  let program: RunningProgram | undefined;
  afterEach(async () => {
    await program?.interrupt();
    program = undefined;
  });

  it.each(templates.map((t) => [t.id, t] as const))(
    '%s answers its first request on Node',
    async (id, template) => {
      program = await runProgram(resolve('node_modules/.bin/tsx'), [resolve('web/templates', FILES[id])]);
      const { method, path, bodyType, json } = template.request;
      const response = await fetch(program.origin + path, {
        method,
        headers: bodyType === 'json' ? { 'content-type': 'application/json' } : {},
        body: bodyType === 'json' ? json : undefined,
      });
      const expected: Record<string, [number, string]> = {
        hello: [200, '{"greeting":"Hello, Ada!"}'],
        'rest-todos': [201, '"title":"Learn Halo"'],
        'error-handling': [422, 'Cannot divide by zero.'],
      };
      expect(response.status).toBe(expected[id][0]);
      expect(await response.text()).toContain(expected[id][1]);
    },
    30_000,
  );

  it('every template has a source file and a distinct id', () => {
    expect(templates.map((t) => t.id).sort()).toEqual(Object.keys(FILES).sort());
  });
});

describe('embed flag', () => {
  it('is read from the query or the fragment', () => {
    expect(isEmbedUrl('https://h.example/play/?embed#share=1.x')).toBe(true);
    expect(isEmbedUrl('https://h.example/play/#embed&share=1.x')).toBe(true);
    expect(isEmbedUrl('https://h.example/play/?lesson=x#share=1.x')).toBe(false);
  });

  it('is removed for the full playground, keeping the rest of the address', () => {
    expect(withoutEmbed('https://h.example/play/?embed&lesson=a#share=1.a-b_c')).toBe('https://h.example/play/?lesson=a#share=1.a-b_c');
    expect(withoutEmbed('https://h.example/play/#embed&share=1.x')).toBe('https://h.example/play/#share=1.x');
  });
});
