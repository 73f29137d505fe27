const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** One mapped position in the original sources (1-based line and column). */
export interface OriginalPosition {
  file: string;
  line: number;
  column: number;
}

/** A segment: generated column, source index, original line, original column (all 0-based). */
type Segment = [number, number, number, number];

/** A decoded source map (version 3, no index maps) that answers generated → original lookups. */
export class SourceMap {
  private readonly lines: Segment[][];

  /** Decodes `mappings` against `sources`. */
  constructor(
    private readonly sources: string[],
    mappings: string,
  ) {
    this.lines = decodeMappings(mappings);
  }

  /** Reads the inline `//# sourceMappingURL=data:…;base64,…` map at the end of `code`, if any. */
  static fromInline(code: string): SourceMap | null {
    const match = /\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
    if (!match) return null;
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0)))) as {
      sources: string[];
      mappings: string;
    };
    return new SourceMap(json.sources, json.mappings);
  }

  /** The original position of generated `line`:`column` (1-based, as in stack traces), or null. */
  originalPosition(line: number, column: number): OriginalPosition | null {
    const segments = this.lines[line - 1];
    if (!segments) return null;
    let found: Segment | null = null;
    for (const segment of segments) {
      if (segment[0] > column - 1) break;
      found = segment;
    }
    found ??= segments[0];
    if (!found) return null;
    return { file: this.sources[found[1]], line: found[2] + 1, column: found[3] + 1 };
  }
}

function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let originalLine = 0;
  let originalColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const text of lineText.split(',')) {
      if (!text) continue;
      const fields = decodeVlq(text);
      column += fields[0];
      if (fields.length < 4) continue;
      source += fields[1];
      originalLine += fields[2];
      originalColumn += fields[3];
      segments.push([column, source, originalLine, originalColumn]);
    }
    lines.push(segments);
  }
  return lines;
}

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
