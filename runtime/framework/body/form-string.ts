import { frameworkErrors } from '../errors/framework-errors.ts';
import { isSafeKey } from '../objects/safe-keys.ts';

/**
 * Parses `a=1&b=x+y` into a flat map without a prototype, so that `map[name]` is never an inherited
 * `toString` or `constructor` (as Node's querystring does). Last value wins; `__proto__`, `constructor`
 * and `prototype` are dropped. More than `maxParameters` pairs, or bad percent-encoding, is a 400 naming `where`.
 */
export function parseFormString(text: string, where: string, maxParameters: number): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (text === '') return out;
  assertParameterCount(text, where, maxParameters);
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeFormComponent(eq < 0 ? pair : pair.slice(0, eq), where);
    if (isSafeKey(key)) out[key] = eq < 0 ? '' : decodeFormComponent(pair.slice(eq + 1), where);
  }
  return out;
}

/** Decodes one urlencoded key or value (`+` is a space); bad percent-encoding is a 400 naming `where`. */
export function decodeFormComponent(text: string, where: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw frameworkErrors.malformedPercentEncoding(where, text);
  }
}

/** Throws a 400 naming `where` when `text` holds more than `max` `&`-separated pairs; stops counting there. */
export function assertParameterCount(text: string, where: string, max: number): void {
  let pairs = 1;
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', amp + 1)) {
    if (++pairs > max) throw frameworkErrors.tooManyParameters(where, max);
  }
}
