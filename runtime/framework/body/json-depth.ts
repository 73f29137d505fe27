import { frameworkErrors } from '../errors/framework-errors.ts';

/**
 * Throws a 400 when JSON text nests objects and lists deeper than `max` levels (`{}` is one level).
 * A flat scan of the text, so that a hostile body cannot overflow the stack of the very check meant
 * to stop it; strings are skipped, so brackets inside them do not count.
 */
export function assertJsonDepth(text: string, max: number): void {
  if (!jsonDepthWithin(text, max)) throw frameworkErrors.nestedTooDeep('JSON body', max);
}

/** Whether JSON text nests objects and lists `max` levels deep at most (the scan of assertJsonDepth). */
export function jsonDepthWithin(text: string, max: number): boolean {
  if (!moreOpeningBrackets(text, max)) return true;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: past each backslash escape, up to the closing quote.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return false;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return true;
}

/**
 * Every level needs an opening bracket, so with at most `max` of them (strings included) a text cannot
 * be too deep. Native indexOf jumps between brackets: a few hundred ns for a typical body, against
 * the char-by-char scan's cost of about a third of JSON.parse.
 */
function moreOpeningBrackets(text: string, max: number): boolean {
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++count > max) return true;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++count > max) return true;
  return false;
}
