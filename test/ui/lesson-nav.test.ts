import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { ChapterList } from '../../web/lessons/chapter-list.tsx';
import { builtCourse } from '../support/built-course.ts';
import { PlaygroundStateProvider } from '../../web/state/state-context.tsx';

const { chapters, lessons } = builtCourse;

const [first, second] = lessons;
const html = renderToStaticMarkup(
  createElement(PlaygroundStateProvider, {
    state: { course: builtCourse },
    children: createElement(ChapterList, { active: second.id, completed: [first.id], onChoose: () => {} }),
  }),
);

/** A lesson's entry as the markup holds it: its number and title, HTML-escaped. */
const entryText = (lesson: { number: number; title: string }) =>
  `${lesson.number}. ${lesson.title}`.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where `text` first appears in the rendered list at or after `from`; -1 when it does not. */
const at = (text: string, from = 0) => html.indexOf(text, from);

it('Halo’s course is in chapters, each with a one-line introduction, holding every lesson once in course order', () => {
  expect(chapters.length).toBeGreaterThan(1);
  for (const chapter of chapters) expect(chapter.intro).toMatch(/^[^\n]{10,200}$/);
  expect(chapters.flatMap((chapter) => chapter.lessons)).toEqual(lessons);
});

it('the lesson list shows each chapter’s title and introduction as the heading of a section of its lessons, in order', () => {
  let position = 0;
  for (const [index, chapter] of chapters.entries()) {
    const section = at(`<section aria-labelledby="chapter-${index}">`, position);
    expect(section, chapter.title).toBeGreaterThanOrEqual(position);
    const heading = at(`<h3 id="chapter-${index}"`, section);
    expect(at(`>${chapter.title}</h3>`, heading)).toBeGreaterThan(heading);
    const intro = at(`>${chapter.intro}</p>`, heading);
    expect(intro, chapter.intro).toBeGreaterThan(heading);
    position = intro;
    for (const lesson of chapter.lessons) {
      const entry = at(entryText(lesson), position);
      expect(entry, lesson.id).toBeGreaterThan(position);
      position = entry;
    }
    expect(at('</section>', position)).toBeLessThan(at('<section', position) === -1 ? Infinity : at('<section', position));
  }
});

it('marks the completed lesson and the open one', () => {
  const entry = (id: string) => {
    const lesson = lessons.find((l) => l.id === id)!;
    const end = at(entryText(lesson));
    return html.slice(html.lastIndexOf('<button', end), html.indexOf('</button>', end));
  };
  expect(entry(first.id)).toContain('✓');
  expect(entry(first.id)).toContain('(complete)');
  expect(entry(second.id)).toContain('aria-current="page"');
  expect(entry(second.id)).not.toContain('(complete)');
});
