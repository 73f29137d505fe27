/** The quick info's leading `(method) `-style label and declaration keyword, which name no symbol. */
const PREFIX =
  /^(\((method|property|getter|setter|accessor|constructor|function|alias|enum member)\)\s*)?((class|interface|type|function|const|let|var|enum|constructor|new|import|namespace|module)\s+)?/;

/**
 * The API reference id a TypeScript quick info names: `(method) Router.get(path: string, …)` → `Router.get`,
 * `class Service<Id, Data>` → `Service`, `(method) Service<string, MapData>.index(…)` → `Service.index`.
 */
export function apiIdOfQuickInfo(display: string): string | null {
  const text = display.replace(PREFIX, '');
  let name = '';
  let depth = 0;
  for (const char of text) {
    if (char === '<') depth += 1;
    else if (char === '>') depth -= 1;
    else if (depth === 0) {
      if (!/[\w$.]/.test(char)) break;
      name += char;
    }
  }
  return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$/.test(name) ? name : null;
}
