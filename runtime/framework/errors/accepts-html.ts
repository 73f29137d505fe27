/**
 * True when the client explicitly prefers HTML: `text/html` is listed by name (not only via a wildcard)
 * with a quality at least that of JSON. Browsers do; curl, fetch() and API clients do not.
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = -1;
  let json = -1;
  let any = -1;
  for (const range of accept.split(',')) {
    const [rawType, ...params] = range.split(';');
    const type = rawType.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [k, v] = param.split('=');
      if (k.trim() === 'q') q = Number(v) || 0;
    }
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    else if (type === 'application/json') json = Math.max(json, q);
    else if (type === '*/*' || type === 'application/*') any = Math.max(any, q);
  }
  return html > 0 && html >= Math.max(json, any);
}
