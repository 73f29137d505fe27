/** What the free playground's notes list for a program: its routes, read from the code. */

const ROUTE = /\bapp\.(get|post|put|patch|delete|head|options)\(\s*(['"`])([^'"`]+)\2/g;
const SERVICE = /\bapp\.use\(\s*(['"`])([^'"`]+)\1\s*,/g;

/** The routes `code` declares (`GET /hello/:name`) and the paths it mounts services on (`/todos and /todos/:id`), in order. */
export function programRoutes(code: string): string[] {
  const found: { at: number; text: string }[] = [];
  for (const match of code.matchAll(ROUTE)) found.push({ at: match.index, text: `${match[1].toUpperCase()} ${match[3]}` });
  for (const match of code.matchAll(SERVICE)) found.push({ at: match.index, text: `${match[2]} and ${match[2].replace(/\/$/, '')}/:id (a service)` });
  return found.sort((a, b) => a.at - b.at).map((r) => r.text);
}
