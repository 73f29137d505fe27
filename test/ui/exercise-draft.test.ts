/**
 * The exercise being made (web/exercise/draft-store.ts): opened on a lesson it starts from the lesson; a
 * recorded check follows the author's choices; checks edited as JSON are validated before they replace
 * anything; the draft becomes an exercise only when it is one.
 */
import { describe, expect, it } from 'vitest';
import { createExerciseDraftState } from '../../web/exercise/draft-store.ts';
import { addRecording, applyReplay, chooseFor, retitle } from '../../web/exercise/draft-recording.ts';
import { applyChecksJson } from '../../web/exercise/apply-checks-json.ts';
import { builtCourse } from '../support/built-course.ts';
import type { Exchange } from '../../runtime/course/checks/record-check.ts';

const { findLesson } = builtCourse;

const exchange: Exchange = {
  kind: 'http',
  request: { method: 'POST', path: '/todos', body: { text: 'x' } },
  response: { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"4","text":"x","done":false}' },
};
const files = { 'main.ts': '// solution' };

describe('the exercise draft', () => {
  it('opened on a lesson, starts from its title, starter, solution and checks', () => {
    const lesson = findLesson('08-services')!;
    const draft = createExerciseDraftState();
    draft.openDraft({ 'main.ts': '// editor' }, lesson);
    expect(draft.draftStore.get()).toMatchObject({ open: true, title: lesson.title, starter: lesson.starter, solution: lesson.solution });
    expect(draft.draftStore.get().checks.map((c) => c.check)).toEqual(lesson.checks);
    // Opened again, it keeps what the author made.
    draft.draftStore.set({ title: 'Mine' });
    draft.openDraft({ 'main.ts': '// other' }, lesson);
    expect(draft.draftStore.get().title).toBe('Mine');
  });

  it('records a check with the files as solution, and follows the field choices, the kinds and the replay', () => {
    const draft = createExerciseDraftState();
    draft.openDraft({ 'main.ts': '// starter' });
    const index = addRecording(draft, exchange, files, { title: 'creates', match: { kind: 'json' } });
    expect(draft.draftStore.get().solution).toBe(files);
    expect(draft.draftStore.get().checks[index].check).toMatchObject({ expect: { json: { id: '4', text: 'x', done: false } } });
    const found = [{ unstable: [{ path: 'id', reason: 'counted' }], warnings: [], runs: 8 }];
    applyReplay(draft, index, found, (_, replay) => ({ unstable: replay.unstable }));
    expect(draft.draftStore.get().checks[index].check).toMatchObject({
      expect: { json: { text: 'x', done: false } },
      capture: { id: 'id' },
    });
    // Checked by its kind instead: no capture needed to prove it is there.
    chooseFor(draft, index, 0, { kinds: { id: { type: 'text' } } });
    expect(draft.draftStore.get().checks[index].check).toMatchObject({
      expect: { json: { text: 'x', done: false }, kinds: { id: { type: 'text' } } },
    });
    expect(draft.draftStore.get().checks[index].check).not.toHaveProperty('capture');
    chooseFor(draft, index, 0, { match: { kind: 'json', keep: ['text'] } });
    expect(draft.draftStore.get().checks[index].check).toMatchObject({ expect: { json: { text: 'x' } } });
    expect(draft.draftStore.get().checks[index].replay?.[0].unstable).toHaveLength(1);
    retitle(draft, index, 'A todo is created');
    expect(draft.draftStore.get().checks[index].check.title).toBe('A todo is created');
  });

  it('adds the next exchanges as steps of a check while the author asks for it: the id in a path becomes a capture', () => {
    const draft = createExerciseDraftState();
    draft.openDraft({ 'main.ts': '// starter' });
    const index = addRecording(draft, exchange, files, { title: 'creates', match: { kind: 'json' } });
    draft.draftStore.set({ appendTo: index });
    const readBack: Exchange = {
      kind: 'http',
      request: { method: 'GET', path: '/todos/4' },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"id":"4","text":"x","done":false}' },
    };
    expect(addRecording(draft, readBack, files, { title: 'reads', match: { kind: 'json' } })).toBe(index);
    expect(draft.draftStore.get().checks).toHaveLength(1);
    expect(draft.draftStore.get().checks[index].check).toMatchObject({
      title: 'creates',
      steps: [
        { request: { method: 'POST', path: '/todos' }, capture: { id: 'id' } },
        { request: { method: 'GET', path: '/todos/{{id}}' }, expect: { kinds: { id: { type: 'equals', capture: 'id' } } } },
      ],
    });
    // Removing the check ends the adding; the next exchange is a check of its own.
    draft.removeCheck(index);
    expect(draft.draftStore.get().appendTo).toBeNull();
  });

  it('takes checks edited as JSON only when they are valid, keeping the recordings of unchanged ones', () => {
    const draft = createExerciseDraftState();
    draft.openDraft({ 'main.ts': '// starter' });
    addRecording(draft, exchange, files, { title: 'creates', match: { kind: 'json' } });
    const [recorded] = draft.draftStore.get().checks;
    // What is wrong in words, or null once applied.
    const setChecksJson = (json: string) => {
      const reading = applyChecksJson(draft, json);
      return 'problem' in reading ? reading.problem : null;
    };
    expect(setChecksJson('[{')).toMatch(/^Not JSON/);
    expect(setChecksJson('{}')).toMatch(/JSON list/);
    expect(setChecksJson('[{"title":"x","request":{"method":"get","path":"/"},"expect":{}}]')).toMatch(/^Check 1: "request.method"/);
    expect(draft.draftStore.get().checks).toEqual([recorded]);
    const added = { title: 'lists', request: { method: 'GET', path: '/todos' }, expect: { status: 200 } };
    expect(setChecksJson(JSON.stringify([recorded.check, added]))).toBeNull();
    expect(draft.draftStore.get().checks).toEqual([recorded, { check: added }]);
  });

  it('is an exercise only with a title, a starter and checks; the solution only when included', () => {
    const draft = createExerciseDraftState();
    draft.openDraft({ 'main.ts': '// starter' });
    expect(draft.draftExercise()).toMatch(/title/);
    draft.draftStore.set({ title: 'Todos' });
    expect(draft.draftExercise()).toMatch(/no list of checks/);
    addRecording(draft, exchange, files, { title: 'creates', match: { kind: 'json' } });
    expect(draft.draftExercise()).toMatchObject({ title: 'Todos', starter: { 'main.ts': '// starter' }, solution: files });
    draft.draftStore.set({ includeSolution: false });
    expect(draft.draftExercise()).toMatchObject({ solution: null });
  });
});
