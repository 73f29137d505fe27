/** How a recorded check names what it captures. */

/** `created_at`, `data_0_id`: a capture name from a dot path, not one of `taken` (which it joins). */
export function captureName(path: string, taken: Set<string>): string {
  const base = path.replace(/\W+/g, '_').replace(/^_+|_+$/g, '') || 'value';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}
