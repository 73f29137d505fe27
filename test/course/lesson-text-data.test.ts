import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { lessonTextPlugin } from '../../runtime/course/tools/lesson-text-plugin.ts';

const root = mkdtempSync(join(tmpdir(), 'halo-lesson-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const GOOD = '---\ntitle: Two\nsummary: The second lesson.\ncovers:\n  - service-1\n---\n\n# Two\n';

/** Builds a one-lesson site with the real plugin: `lessons/01-one/lesson.md` holds `source`, next to a good lesson 02. */
async function buildLesson(name: string, source: string, query = '?lesson'): Promise<string> {
  const dir = join(root, name);
  mkdirSync(join(dir, 'lessons/01-one'), { recursive: true });
  mkdirSync(join(dir, 'lessons/02-two'), { recursive: true });
  writeFileSync(join(dir, 'lessons/01-one/lesson.md'), source);
  writeFileSync(join(dir, 'lessons/02-two/lesson.md'), GOOD);
  writeFileSync(join(dir, 'main.js'), `import text from './lessons/01-one/lesson.md${query}';\nconsole.log(JSON.stringify(text));\n`);
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [lessonTextPlugin()],
    build: { write: false, minify: false, rolldownOptions: { input: join(dir, 'main.js') } },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((o) => ('output' in o ? o.output : [])).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

const lesson = (frontmatter: string, body: string) => `---\n${frontmatter}\n---\n\n# One\n\n${body}\n`;

describe('the lesson checks at build time', () => {
  it('builds a good lesson, its lesson and api links as data', async () => {
    const code = await buildLesson('good', lesson('title: One\nsummary: The first lesson.', 'See [lesson 2](?lesson=02-two), [again](../02-two/lesson.md) and [`app.use`](api:App.use).'));
    expect(code).toMatch(/"lesson":\s*"02-two"/);
    expect(code).toMatch(/"api":\s*"App\.use"/);
  }, 120_000);

  it('gives the catalog (?lesson-meta) the frontmatter without the text', async () => {
    const code = await buildLesson('meta', lesson('title: One\nsummary: The first lesson.', 'A paragraph only the text has.'), '?lesson-meta');
    expect(code).toMatch(/"title":\s*"One"/);
    expect(code).toMatch(/"summary":\s*"The first lesson\."/);
    expect(code).not.toContain('only the text has');
    await expect(buildLesson('meta-bad', lesson('title: One', 'Text.'), '?lesson-meta')).rejects.toThrow(/"summary" is missing/);
  }, 120_000);

  it('fails the build on a frontmatter that does not match the schema, naming the file and the field', async () => {
    await expect(buildLesson('no-summary', lesson('title: One', 'Text.'))).rejects.toThrow(/01-one\/lesson\.md: the frontmatter is not valid: "summary" is missing/);
    await expect(buildLesson('typo', lesson('title: One\nsummary: S\ncover: [service-1]', 'Text.'))).rejects.toThrow(/01-one\/lesson\.md.*"cover" is not a frontmatter key/);
  }, 120_000);

  it('fails the build on a link to a lesson that does not exist, or an unusable link', async () => {
    await expect(buildLesson('lesson-link', lesson('title: One\nsummary: S', 'Go to [lesson 3](?lesson=03-three).'))).rejects.toThrow(
      /01-one\/lesson\.md: broken link in lesson\.md:\s+line 8: there is no lesson "03-three"/,
    );
    await expect(buildLesson('relative', lesson('title: One\nsummary: S', 'See [this](./notes.md) and [that](../09-nine/lesson.md).'))).rejects.toThrow(
      /broken links in lesson\.md:\s+line 8: "\.\/notes\.md" is not a link a lesson can use.*\s+line 8: there is no lesson "09-nine"/,
    );
  }, 120_000);

  it('fails the build on an api: reference the API reference does not have', async () => {
    await expect(buildLesson('api', lesson('title: One\nsummary: S', 'Call [`app.usee`](api:App.usee).'))).rejects.toThrow(/01-one\/lesson\.md: broken link in lesson\.md:\s+line 8: the API reference has no "App\.usee"/);
  }, 120_000);
});
