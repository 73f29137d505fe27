import { expect, it } from 'vitest';
import { classCsv } from '../../runtime/classroom/class-csv.ts';
import type { ResultRecord } from '../../runtime/classroom/class-protocol.ts';
import { checkIssues } from '../../runtime/course/format/check-schema.ts';

const result = (learnerId: string, check: number, passed: boolean): ResultRecord => ({
  id: `${learnerId}:01-a:${check}`,
  learnerId,
  lesson: '01-a',
  check,
  passed,
  at: '2026-11-26T04:00:00.000Z',
  failingSince: passed ? null : '2026-11-26T04:00:00.000Z',
});

it('adds the points of the passed checks when the course gives points', () => {
  const lessons = [
    { id: '01-a', title: 'A', checks: [{ title: 'one', points: 2 }, { title: 'two, quoted "x"', points: 3 }, { title: 'three' }] },
  ];
  const learners = [
    { id: '1', name: 'Ann', joinedAt: '' },
    { id: '2', name: '@Bob', joinedAt: '' },
  ];
  const csv = classCsv(lessons, learners, [result('1', 0, true), result('1', 1, true), result('2', 0, true), result('2', 1, false)]);
  expect(csv.split('\r\n')).toEqual([
    'learner,last activity,01-a #1 one (2 points),"01-a #2 two, quoted ""x"" (3 points)",01-a #3 three,points',
    'Ann,2026-11-26T04:00:00.000Z,pass,pass,,5',
    "'@Bob,2026-11-26T04:00:00.000Z,pass,fail,,2",
    '',
  ]);
});

it('has no points column when no check gives points', () => {
  const csv = classCsv([{ id: '01-a', title: 'A', checks: [{ title: 'one' }] }], [{ id: '1', name: 'Ann', joinedAt: '' }], []);
  expect(csv).toBe('learner,last activity,01-a #1 one\r\nAnn,,\r\n');
});

it('names an exercise’s columns by its title, and gives each learner’s last activity (joining, a result, code shown)', () => {
  const lessons = [{ id: 'exercise-0123456789abcd', title: 'Todo API', checks: [{ title: 'GET /todos' }] }];
  const learners = [
    { id: '1', name: 'Ann', joinedAt: '2026-11-26T03:00:00.000Z' },
    { id: '2', name: 'Bea', joinedAt: '2026-11-26T03:10:00.000Z' },
  ];
  const results: ResultRecord[] = [{ ...result('1', 0, true), lesson: 'exercise-0123456789abcd', id: '1:exercise-0123456789abcd:0' }];
  const code = [{ id: '2', learnerId: '2', lesson: '01-a', files: {}, at: '2026-11-26T05:00:00.000Z' }];
  expect(classCsv(lessons, learners, results, code).split('\r\n')).toEqual([
    'learner,last activity,Todo API #1 GET /todos',
    'Ann,2026-11-26T04:00:00.000Z,pass',
    'Bea,2026-11-26T05:00:00.000Z,',
    '',
  ]);
});

it('takes points in the check format: a number of 0 or more', () => {
  const check = { title: 'GET / answers', request: { method: 'GET', path: '/' }, expect: { status: 200 } };
  expect(checkIssues({ ...check, points: 2.5 })).toEqual([]);
  expect(checkIssues({ ...check, points: -1 })).toEqual(['"points" must be 0 or more']);
  expect(checkIssues({ ...check, points: '2' })).toHaveLength(1);
  expect(checkIssues({ title: 'flow', steps: [check], points: 1 }).length).toBeGreaterThan(0);
  expect(checkIssues({ title: 'flow', steps: [{ request: check.request, expect: check.expect }], points: 1 })).toEqual([]);
});
