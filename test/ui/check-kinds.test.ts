import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../runtime/course/format/check-format.ts';
import type { CheckResult } from '../../runtime/course/checks/run-checks.ts';
import { EngineProvider } from '../../web/engine/engine-context.tsx';
import { ProgramSession } from '../../web/engine/program-session.ts';
import { CheckList } from '../../web/lessons/check-list.tsx';
import { ChecksBar } from '../../web/lessons/checks-bar.tsx';
import { builtCourse } from '../support/built-course.ts';
import { createPlaygroundState } from '../../web/playground-state.ts';
import { PlaygroundStateProvider } from '../../web/state/state-context.tsx';
import { FakeEngine } from './fake-engine.ts';

const { findLesson } = builtCourse;

const lesson = findLesson('02-routes-and-methods')!;
const observed = lesson.checks.filter((check) => kindOf(check) === 'observe').length;
const tasks = lesson.checks.length - observed;

/** The bar and the list of lesson 2 as the starter leaves them: every observe check passes, no task check does. */
function renderStarterResults(): string {
  const engine = new FakeEngine();
  const state = createPlaygroundState({ storage: undefined, location: { search: `?lesson=${lesson.id}` }, course: builtCourse });
  const results: CheckResult[] = lesson.checks.map((check) => ({ title: check.title, passed: kindOf(check) === 'observe', steps: [] }));
  state.lessonChecks.lessonChecksStore.set({ lessonId: lesson.id, status: 'done', results });
  return renderToStaticMarkup(
    createElement(PlaygroundStateProvider, {
      state,
      children: createElement(EngineProvider, {
        engine,
        session: new ProgramSession(engine),
        children: [createElement(ChecksBar, { key: 'bar', lesson }), createElement(CheckList, { key: 'list', lesson })],
      }),
    }),
  );
}

describe('checks marked "observe"', () => {
  it('lesson 2 has both kinds', () => {
    expect(observed).toBeGreaterThan(0);
    expect(tasks).toBeGreaterThan(0);
  });

  it('do not count toward the task in the checks bar and the summary', () => {
    const text = renderStarterResults().replace(/<[^>]+>/g, ' ');
    expect(text).toContain(`Your task: 0 of ${tasks} · ${observed} of ${lesson.checks.length} checks pass`);
    expect(text).toContain(`your task: 0 of ${tasks}.`);
    expect(text).not.toContain('lesson complete');
  });

  it('are listed apart from the task, under their own heading', () => {
    const html = renderStarterResults();
    const taskAt = html.indexOf('>Your task</h4>');
    const observeAt = html.indexOf('>To observe</h4>');
    expect(taskAt).toBeGreaterThan(0);
    expect(observeAt).toBeGreaterThan(taskAt);
    const kinds = [...html.matchAll(/data-check-kind="(\w+)"/g)].map((m) => m[1]);
    // Every task check before the heading of the observed ones, every observed one after it.
    expect(kinds).toEqual([...Array<string>(tasks).fill('task'), ...Array<string>(observed).fill('observe')]);
    expect(html.slice(observeAt).match(/data-check-status="passed"/g)).toHaveLength(observed);
    expect(html.slice(taskAt, observeAt).match(/data-check-status="failed"/g)).toHaveLength(tasks);
  });
});
