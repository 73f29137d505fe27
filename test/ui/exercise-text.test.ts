/** An exercise's text under its title (web/exercise/exercise-text.tsx): a first heading repeating the title is shown once, as the title. */
import { describe, expect, it } from 'vitest';
import { withoutTitleHeading } from '../../web/exercise/exercise-text.tsx';
import { markdownToTree } from '../../runtime/course/text/markdown-to-tree.ts';

describe('the exercise text under its title', () => {
  it('leaves out a first heading that repeats the title, whatever its level, case or spacing', () => {
    const text = markdownToTree('# Notes  with ids\n\nServe **notes**.');
    expect(withoutTitleHeading(text, 'Notes with IDs')).toEqual(text.slice(1));
    const second = markdownToTree('## notes with ids\n\nx');
    expect(withoutTitleHeading(second, 'Notes with IDs')).toEqual(second.slice(1));
  });

  it('keeps another heading, a later one, and text that starts with no heading', () => {
    for (const markdown of ['# Todos\n\nx', 'Serve notes.\n\n# Notes with ids', '']) {
      const text = markdownToTree(markdown);
      expect(withoutTitleHeading(text, 'Notes with ids'), markdown).toEqual(text);
    }
  });
});
