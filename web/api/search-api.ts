import type { ApiEntry } from '../../runtime/contract/api-entry.ts';

/** How many results the search lists. */
const RESULT_LIMIT = 60;

/** How well `entry` matches one lower-case search word; 0 when it does not. */
function score(entry: ApiEntry, word: string): number {
  const id = entry.id.toLowerCase();
  const name = id.slice(id.lastIndexOf('.') + 1);
  if (id === word || name === word) return 100;
  if (name.startsWith(word)) return 60;
  if (id.startsWith(word)) return 50;
  if (id.includes(word)) return 30;
  if (entry.doc.toLowerCase().includes(word)) return 10;
  if (entry.signature.toLowerCase().includes(word)) return 5;
  return 0;
}

/**
 * The entries matching every word of `query` (names first, then documentation), best first; top-level
 * symbols before members at equal score. An empty query lists the top-level symbols.
 */
export function searchApi(entries: readonly ApiEntry[], query: string): ApiEntry[] {
  const words = query
    .toLowerCase()
    .split(/[\s.()]+/)
    .filter(Boolean);
  if (words.length === 0) return entries.filter((e) => !e.parent);
  return entries
    .map((entry) => {
      const scores = words.map((word) => score(entry, word));
      return { entry, total: scores.includes(0) ? 0 : scores.reduce((a, b) => a + b, 0) + (entry.parent ? 0 : 1) };
    })
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total || a.entry.id.localeCompare(b.entry.id))
    .slice(0, RESULT_LIMIT)
    .map((r) => r.entry);
}

/** The members of `id` (a class or interface), its own and those it inherits, each with the class it comes from. */
export function membersOf(entries: readonly ApiEntry[], id: string): { entry: ApiEntry; from: string }[] {
  const seen = new Set<string>();
  const out: { entry: ApiEntry; from: string }[] = [];
  let owner: string | undefined = id;
  for (let depth = 0; owner && depth < 10; depth += 1) {
    const from: string = owner;
    for (const entry of entries.filter((e) => e.parent === from)) {
      const name = entry.id.slice(from.length + 1);
      // A class's own constructor is the only one that counts.
      if (seen.has(name) || (entry.kind === 'constructor' && from !== id)) continue;
      seen.add(name);
      out.push({ entry, from });
    }
    owner = entries.find((e) => e.id === from)?.base;
  }
  return out;
}
