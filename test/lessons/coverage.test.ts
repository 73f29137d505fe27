import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtCourse } from '../support/built-course.ts';
import { repoRoot } from './serve-program.ts';

const { lessons } = builtCourse;

// Every numbered rule of the spec's "What the service does", "Endpoints → Rules" and "Errors"
// sections must be taught by some lesson (named in a lesson's frontmatter `covers:` list).

/** The rule ids, committed so the test runs where the spec is not checked out. */
const RULE_IDS = [
  ...range('service', 9),
  ...range('endpoints', 8),
  ...range('errors', 7),
];

/** Where the spec lives next to the repository (in CI too). */
const SPEC = join(repoRoot, '../shared/spec/framework.md');

function range(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
}

/** Rule ids from the spec text: numbered items of the three sections, prefixed by section. */
function ruleIdsOf(spec: string): string[] {
  const sections: [string, string][] = [
    ['service', 'What the service does'],
    ['endpoints', 'Endpoints'],
    ['errors', 'Errors'],
  ];
  return sections.flatMap(([prefix, heading]) => {
    const start = spec.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
    if (start < 0) throw new Error(`The spec has no "## ${heading}" section.`);
    const rest = spec.slice(start + 3);
    const end = rest.search(/^## /m);
    const body = end < 0 ? rest : rest.slice(0, end);
    const numbers = [...body.matchAll(/^(\d+)\.\s/gm)].map((m) => Number(m[1]));
    return numbers.map((n) => `${prefix}-${n}`);
  });
}

describe('spec coverage of the lessons', () => {
  const covered = new Set(lessons.flatMap((lesson) => lesson.covers));

  it.runIf(existsSync(SPEC))('the committed rule ids match the spec next to the repository', () => {
    expect(ruleIdsOf(readFileSync(SPEC, 'utf8'))).toEqual(RULE_IDS);
  });

  it.each(RULE_IDS)('%s is taught by at least one lesson', (id) => {
    expect(covered.has(id), `no lesson lists ${id} in its covers:`).toBe(true);
  });

  it('lessons cover only rule ids that exist', () => {
    const known = new Set(RULE_IDS);
    expect([...covered].filter((id) => !known.has(id))).toEqual([]);
  });
});
