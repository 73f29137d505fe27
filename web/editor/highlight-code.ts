/** What a run of characters is, as Monaco's TypeScript grammar names its tokens (first segment). */
export type TokenKind = 'keyword' | 'type' | 'string' | 'comment' | 'number' | 'regexp' | 'plain';

/** One highlighted run of characters of a line. */
export interface CodeRun {
  text: string;
  kind: TokenKind;
}

// Monaco's TypeScript keywords (its grammar's list), so the code is coloured as the editor will colour it.
const KEYWORDS = new Set(
  (
    'abstract any as asserts async await bigint boolean break case catch class const constructor continue debugger declare ' +
    'default delete do else enum export extends false finally for from function get global if implements import in infer ' +
    'instanceof interface is keyof let module namespace never new null number object of out override package private ' +
    'protected public readonly require return satisfies set static string super switch symbol this throw true try type ' +
    'typeof undefined unique unknown var void while with yield'
  ).split(' '),
);

/**
 * The tokens outside strings and comments, longest first: a comment or string opener, a regular expression
 * (only where one ends before `.`, `;`, `,`, `)`, `]`, `}` or the line's end, as Monaco decides), a number, a
 * word (a lower-case word may be a keyword; a capitalised one is a type, as Monaco colours them), braces
 * (which end a template literal's `${…}`), anything else.
 */
const CODE =
  /(\/\/|\/\*|["'`])|(\/(?:[^\\/\n]|\\.)+\/[dgimsuy]*(?=\s*(?:[.;,)\]}]|$)))|(0[xXoObB][\da-fA-F_]+n?|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][-+]?\d+)?n?)|(#?[a-z_$][\w$]*)|([A-Z][\w$]*)|([{}])|([^\w$/"'`{}#]+|[\s\S])/my;

/** Splits `code` (TypeScript, JavaScript or JSON) into lines of coloured runs; together they are `code`, unchanged. */
export function highlightCode(code: string): CodeRun[][] {
  const runs: CodeRun[] = [];
  const push = (text: string, kind: TokenKind): void => {
    const last = runs.at(-1);
    if (last?.kind === kind) last.text += text;
    else if (text) runs.push({ text, kind });
  };
  /** Brace depth inside each open `${…}` of a template literal, innermost last. */
  const templates: number[] = [];
  let at = 0;
  /** Scans the rest of a template literal from `at`; true when it stopped at a `${`. */
  const template = (): boolean => {
    const end = /(?:[^\\`$]|\\[\s\S]|\$(?!\{))*(`|\$\{)?/y;
    end.lastIndex = at;
    const match = end.exec(code)!;
    const opensCode = match[1] === '${';
    push(code.slice(at, end.lastIndex - (opensCode ? 2 : 0)), 'string');
    if (opensCode) push('${', 'plain');
    at = end.lastIndex;
    return opensCode;
  };
  while (at < code.length) {
    CODE.lastIndex = at;
    const [text, opener, regexp, number, word, type, brace] = CODE.exec(code)!;
    at = CODE.lastIndex;
    if (opener === '//') {
      const end = code.indexOf('\n', at);
      at = end < 0 ? code.length : end;
      push(code.slice(CODE.lastIndex - 2, at), 'comment');
    } else if (opener === '/*') {
      const end = code.indexOf('*/', at);
      at = end < 0 ? code.length : end + 2;
      push(code.slice(CODE.lastIndex - 2, at), 'comment');
    } else if (opener === '`') {
      push('`', 'string');
      if (template()) templates.push(0);
    } else if (opener) {
      // A quote ends at its match or at the line's end (an unterminated string colours no further).
      const end = new RegExp(`(?:[^\\\\${opener}\\n]|\\\\[\\s\\S])*${opener}?`, 'y');
      end.lastIndex = at;
      end.exec(code);
      push(code.slice(at - 1, end.lastIndex), 'string');
      at = end.lastIndex;
    } else if (regexp) push(text, 'regexp');
    else if (number) push(text, 'number');
    else if (word) push(text, KEYWORDS.has(word) ? 'keyword' : 'plain');
    else if (type) push(text, 'type');
    else if (brace && templates.length > 0) {
      push(text, 'plain');
      const depth = templates.length - 1;
      if (brace === '{') templates[depth]++;
      else if (templates[depth] > 0) templates[depth]--;
      else if (!template()) templates.pop();
    } else push(text, 'plain');
  }
  return splitLines(runs);
}

/** The runs cut at line breaks, one array per line (an empty line has none). */
function splitLines(runs: CodeRun[]): CodeRun[][] {
  const lines: CodeRun[][] = [[]];
  for (const { text, kind } of runs) {
    text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines[lines.length - 1].push({ text: part, kind });
    });
  }
  return lines;
}
