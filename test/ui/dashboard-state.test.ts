import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassLesson, LearnerRecord, ResultRecord } from '../../runtime/classroom/class-protocol.ts';
import { lessonCounts, lessonStatus, stuckLearners, formatDuration } from '../../web/classroom/dashboard-progress.ts';
import { applyEvents, emptyDashboard, loadedDashboard, type DashboardState } from '../../web/classroom/dashboard-state.ts';
import { batchedEvents } from '../../web/classroom/dashboard-batches.ts';
import { createStore } from '../../web/state/store.ts';

const lessons: ClassLesson[] = [
  { id: '01-one', title: 'One', checks: [{ title: 'GET / answers' }, { title: 'POST / creates' }] },
  { id: '02-two', title: 'Two', checks: [{ title: 'GET /x is 404' }] },
];
const info = {
  code: 'ABCDEF',
  title: 'Course',
  joinUrl: 'http://x/?class',
  joinQrSvg: '<svg/>',
  stuckMinutes: 5,
  lessons,
  maxLearners: 300,
  joiningLocked: false,
};
const learner = (id: string, name: string): LearnerRecord => ({ id, name, joinedAt: '2026-01-01T10:00:00.000Z' });
const result = (
  learnerId: string,
  lesson: string,
  check: number,
  passed: boolean,
  at: string,
  since: string | null = null,
): ResultRecord => ({
  id: `${learnerId}:${lesson}:${check}`,
  learnerId,
  lesson,
  check,
  passed,
  at,
  failingSince: passed ? null : (since ?? at),
});
const created = (service: string, data: unknown) => ({ event: `api/${service} created`, data });
const T = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

function classOf(...events: { event: string; data: unknown }[]): DashboardState {
  const state = { ...emptyDashboard(), ...loadedDashboard(info, [learner('1', 'Ann'), learner('2', 'Bob')], [], []) };
  return { ...state, ...applyEvents(state, events) };
}

describe('the dashboard state', () => {
  it('keeps the results of learners nobody sent to by reference, so only their rows render again', () => {
    const before = classOf(
      created('results', result('1', '01-one', 0, true, T(1))),
      created('results', result('2', '02-two', 0, true, T(1))),
    );
    const after = { ...before, ...applyEvents(before, [created('results', result('1', '01-one', 1, false, T(2)))]) };
    expect(after.results['2']).toBe(before.results['2']);
    expect(after.results['1']['02-two']).toBe(before.results['1']['02-two']);
    expect(after.results['1']['01-one']).not.toBe(before.results['1']['01-one']);
    expect(after.results['1']['01-one'][1].passed).toBe(false);
    expect(after.learners).toBe(before.learners);
  });

  it('lists every stuck learner across lessons, longest first, and forgets a check once it passes', () => {
    const now = Date.parse(T(30));
    const state = classOf(
      created('results', result('1', '01-one', 1, false, T(20), T(10))),
      created('results', result('2', '02-two', 0, false, T(20), T(2))),
      created('results', result('1', '02-two', 0, false, T(28))),
    );
    const stuck = stuckLearners(state, now).map((s) => [
      s.learner.name,
      s.lessonId,
      s.check,
      s.lesson?.checks[s.check].title,
      formatDuration(s.forMs),
    ]);
    expect(stuck).toEqual([
      ['Bob', '02-two', 0, 'GET /x is 404', '28 min'],
      ['Ann', '01-one', 1, 'POST / creates', '20 min'],
    ]);
    const passed = { ...state, ...applyEvents(state, [created('results', result('2', '02-two', 0, true, T(29)))]) };
    expect(stuckLearners(passed, now).map((s) => s.learner.name)).toEqual(['Ann']);
    expect(lessonStatus(passed.results['2']['02-two'], lessons[1], 5, now)).toBe('done');
    expect(lessonStatus(passed.results['1']['01-one'], lessons[0], 5, now)).toBe('stuck');
    expect(lessonStatus(passed.results['1']['02-two'], lessons[1], 5, now)).toBe('working');
    expect(lessonStatus(undefined, lessons[1], 5, now)).toBe('');
    expect(lessonCounts(passed, now).get('02-two')).toEqual({ done: 1, working: 1, stuck: 0, '': 0 });
  });

  it('drops a removed learner with their results, failing checks and code; applies renames and the class lock', () => {
    const state = classOf(
      created('results', result('1', '01-one', 0, false, T(1))),
      created('code', { id: '1', learnerId: '1', lesson: '01-one', files: {}, at: T(1) }),
      { event: 'api/learners modified', data: { id: '2', name: 'Robert' } },
      { event: 'api/classes modified', data: { joiningLocked: true } },
    );
    expect(state.learners['2'].name).toBe('Robert');
    expect(state.info?.joiningLocked).toBe(true);
    const removed = {
      ...state,
      ...applyEvents(state, [
        { event: 'api/learners removed', data: { id: '1' } },
        created('results', result('1', '01-one', 1, true, T(2))),
      ]),
    };
    expect(Object.keys(removed.learners)).toEqual(['2']);
    expect(removed.results).toEqual({});
    expect(removed.failing).toEqual({});
    expect(removed.code).toEqual({});
  });
});

describe('batched events', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('applies everything that came before a frame in one change, at that frame, and nothing while the class loads', () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => frames.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = createStore({ ...emptyDashboard(), ...loadedDashboard(info, [learner('1', 'Ann')], [], []) });
    let changes = 0;
    store.subscribe(() => changes++);
    let loading = true;
    const events = batchedEvents(store, () => loading);
    events.push([created('results', result('1', '01-one', 0, true, T(1)))]);
    expect(frames).toHaveLength(0);
    loading = false;
    events.flush();
    expect(changes).toBe(1);
    // Two batches from the socket worker before the next frame: one change, at that frame.
    for (let check = 0; check < 2; check++) events.push([created('results', result('1', '02-two', 0, check === 1, T(2 + check)))]);
    expect(changes).toBe(1);
    expect(frames).toHaveLength(1);
    frames[0]();
    expect(changes).toBe(2);
    expect(store.get().results['1']['01-one'][0].passed).toBe(true);
    expect(store.get().results['1']['02-two'][0].passed).toBe(true);
  });
});
