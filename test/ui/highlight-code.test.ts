import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { highlightCode, type CodeRun, type TokenKind } from '../../web/editor/highlight-code.ts';

const REPO = join(import.meta.dirname, '../..');

/** The runs of one line as `kind:text` strings, spaces and punctuation (plain) left out. */
function kinds(line: CodeRun[]): string[] {
  return line.filter((run) => run.kind !== 'plain').map((run) => `${run.kind}:${run.text}`);
}

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('highlightCode', () => {
  it('gives back every program of the course unchanged, one array of runs per line', () => {
    const files = sources(join(REPO, 'lessons'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const lines = highlightCode(code);
      expect(lines.length, file).toBe(code.split('\n').length);
      expect(lines.map((runs) => runs.map((run) => run.text).join('')).join('\n'), file).toBe(code);
    }
  });

  it('colours keywords, capitalised names as types, strings, numbers and comments as Monaco does', () => {
    const [line] = highlightCode("import { App } from 'halo'; const port = 3000; // listen");
    expect(kinds(line)).toEqual([
      'keyword:import',
      'type:App',
      'keyword:from',
      "string:'halo'",
      'keyword:const',
      'number:3000',
      'comment:// listen',
    ]);
  });

  it('keeps a block comment and a template literal across lines, with code inside `${…}`', () => {
    const lines = highlightCode('/* one\ntwo */ x = `a ${ {b: 1}.b } c\nd`;');
    expect(lines.map(kinds)).toEqual([['comment:/* one'], ['comment:two */', 'string:`a ', 'number:1', 'string: c'], ['string:d`']]);
  });

  it('tells a regular expression from a division, and ends an unterminated string at the line end', () => {
    const [regexp, division, open] = highlightCode("s.replace(/a\\/b/g, '');\nx = a / 2 / b;\nconst s = 'open\nnext");
    expect(kinds(regexp)).toEqual(['regexp:/a\\/b/g', "string:''"]);
    expect(kinds(division)).toEqual(['number:2']);
    expect(kinds(open)).toEqual(['keyword:const', "string:'open"]);
  });

  it('highlights JSON: keys and strings, numbers, true, false and null', () => {
    const [line] = highlightCode('{"id": 1, "done": false, "note": null}');
    const expected: [TokenKind, string][] = [
      ['string', '"id"'],
      ['number', '1'],
      ['string', '"done"'],
      ['keyword', 'false'],
      ['string', '"note"'],
      ['keyword', 'null'],
    ];
    expect(kinds(line)).toEqual(expected.map(([kind, text]) => `${kind}:${text}`));
  });
});
