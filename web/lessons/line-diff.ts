/** One line of a diff: in both texts, only in the expected one, or only in the actual one. */
export interface DiffLine {
  kind: 'same' | 'expected' | 'actual';
  text: string;
}

// Bodies longer than this are compared line by line without alignment: the table would be too large.
const MAX_CELLS = 250_000;

/** A line diff of an expected and an actual text (longest common subsequence), expected lines first at each change. */
export function diffLines(expected: string, actual: string): DiffLine[] {
  const a = expected.split('\n');
  const b = actual.split('\n');
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((text) => ({ kind: 'expected' as const, text })), ...b.map((text) => ({ kind: 'actual' as const, text }))];
  }
  // lengths[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i] });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lengths[i + 1][j] >= lengths[i][j + 1])) {
      lines.push({ kind: 'expected', text: a[i++] });
    } else {
      lines.push({ kind: 'actual', text: b[j++] });
    }
  }
  return lines;
}
