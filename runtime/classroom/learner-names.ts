/**
 * Learners' display names, made unforgeable: normalised once (NFKC, every character that renders no ink removed,
 * whitespace collapsed, capped), compared by their Unicode TR39 confusable skeleton taken before any case folding
 * (so a Cyrillic "Тom" is the same name as "Tom", and "Vіc" as "Vic"), and never a name the class reserves for the
 * people who run it.
 */
import { CLASS_LIMITS } from './class-protocol.ts';
// Imported, not read from beside this file: the `halo` package bundles the class server into cli/, without the JSON.
import confusables from './confusable-prototypes.json' with { type: 'json' };

/** Every character confusables.txt maps, to its prototype (see scripts/confusables-table.ts). */
const PROTOTYPE_OF: ReadonlyMap<string, string> = (() => {
  const table = confusables as { prototypes: Record<string, string> };
  const map = new Map<string, string>();
  for (const [prototype, characters] of Object.entries(table.prototypes)) for (const character of characters) map.set(character, prototype);
  return map;
})();

/** Every White_Space character (line and paragraph separators, ideographic and Ogham spaces…): shown as one space. */
const WHITE_SPACE = /\p{White_Space}+/gu;

/**
 * What renders no ink, by Unicode's properties rather than a list: every Default_Ignorable_Code_Point (zero-width
 * spaces and joiners, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation selectors, tags…), every
 * control, format, unassigned, private-use or surrogate code point (\p{C}: bidi overrides and isolates among them), and
 * every "other symbol" (So) that is not an emoji: the category where Unicode puts the blank graphic characters that are
 * not default-ignorable (the Braille pattern blank U+2800, the musical null notehead U+1D159).
 */
const NO_INK = /[\p{Default_Ignorable_Code_Point}\p{C}]|(?!\p{Emoji})\p{So}/gu;

/** Words no learner may call themselves, alone or inside a name ("Teacher (instructor)"), compared by skeleton. */
const RESERVED_WORDS = [
  'teacher',
  'teachers',
  'admin',
  'administrator',
  'instructor',
  'moderator',
  'staff',
  'tutor',
  'professor',
  'lecturer',
  'trainer',
  'system',
  'owner',
  'root',
  'server',
];

/**
 * The name as the class stores and shows it: NFKC, every run of whitespace one space, whatever renders no ink
 * (NO_INK) gone, trimmed, at most `CLASS_LIMITS.name` characters (code points, never half a pair).
 */
export function normaliseName(raw: string): string {
  const visible = raw.normalize('NFKC').replace(WHITE_SPACE, ' ').replace(NO_INK, '').replace(/ {2,}/g, ' ').trim();
  return Array.from(visible).slice(0, CLASS_LIMITS.name).join('').trim();
}

/** The TR39 skeleton of `text`: NFD, each character to its confusables prototype, NFD again. Case is left as it is. */
function skeleton(text: string): string {
  return Array.from(text.normalize('NFD'), (character) => PROTOTYPE_OF.get(character) ?? character)
    .join('')
    .normalize('NFD');
}

/**
 * The keys two look-alike names share at least one of: the skeleton taken first, then case folded (a capital
 * look-alike such as Cyrillic "Т" maps to "T" only before folding), then skeleton again; and the skeleton of the
 * folded text (so "Ian" and "ian" meet, though a capital "I" alone is a look-alike of "l").
 */
export function nameKeys(text: string): string[] {
  const keys = [skeleton(skeleton(text).toLowerCase()), skeleton(text.toLowerCase())];
  return keys[0] === keys[1] ? [keys[0]] : keys;
}

/** Whether names `a` and `b` look the same: they share a key (see nameKeys). */
export function lookAlike(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => b.includes(key));
}

/** The reserved word a (normalised) name holds, by skeleton, as a word or spelled out across separators; undefined when none. */
export function reservedWordIn(name: string): string | undefined {
  const words = name.split(/[^\p{L}\p{M}]+/u).filter(Boolean);
  // A word spelled out letter by letter ("t e a c h e r") is a run of one-letter words.
  const spelled: string[] = [''];
  for (const word of words) {
    if (Array.from(word).length === 1) spelled[spelled.length - 1] += word;
    else spelled.push('');
  }
  const keys = [...words, ...spelled, words.join('')].flatMap(nameKeys);
  return RESERVED_WORDS.find((word) => lookAlike(nameKeys(word), keys));
}
