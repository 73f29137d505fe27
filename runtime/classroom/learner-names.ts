/**
 * Learners' display names, made unforgeable: normalised once (NFKC, controls and invisible characters
 * removed, whitespace collapsed, capped), compared by their Unicode TR39 confusable skeleton (so a Cyrillic
 * "Vіc" is the same name as "Vic"), and never a name the class reserves for the people who run it.
 */
import { readFileSync } from 'node:fs';
import { CLASS_LIMITS } from './class-protocol.ts';

/** Every character confusables.txt maps, to its prototype (see scripts/confusables-table.ts). */
const PROTOTYPE_OF: ReadonlyMap<string, string> = (() => {
  const table = JSON.parse(readFileSync(new URL('./confusable-prototypes.json', import.meta.url), 'utf8')) as {
    prototypes: Record<string, string>;
  };
  const map = new Map<string, string>();
  for (const [prototype, characters] of Object.entries(table.prototypes)) for (const character of characters) map.set(character, prototype);
  return map;
})();

// Format characters (bidi overrides and isolates, zero-width joiners and spaces, soft hyphens), controls,
// private-use and unassigned code points, variation selectors and the Hangul fillers that render as nothing.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0]|\u034F|[\u180B-\u180F]|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/gu;

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
 * The name as the class stores and shows it: NFKC, every run of whitespace one space, invisible characters
 * and controls gone, trimmed, at most `CLASS_LIMITS.name` characters (code points, never half a pair).
 */
export function normaliseName(raw: string): string {
  const visible = raw.normalize('NFKC').replace(/\s+/gu, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  return Array.from(visible).slice(0, CLASS_LIMITS.name).join('').trim();
}

/** The TR39 skeleton of `text` (NFD, each character to its prototype, NFD again), case folded: equal for look-alikes. */
export function nameSkeleton(text: string): string {
  const mapped = Array.from(text.toLowerCase().normalize('NFD'), (character) => PROTOTYPE_OF.get(character) ?? character).join('');
  return mapped.normalize('NFD').toLowerCase();
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
  const skeletons = [...words, ...spelled, words.join('')].map(nameSkeleton);
  return RESERVED_WORDS.find((word) => skeletons.includes(nameSkeleton(word)));
}
