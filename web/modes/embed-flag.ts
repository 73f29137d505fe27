/** Whether the page is embedded: `?embed` in the query, or an `embed` flag in the fragment (`#embed&share=…`). */
export function isEmbedUrl(url: string): boolean {
  const { search, hash } = new URL(url);
  return new URLSearchParams(search).has('embed') || new URLSearchParams(hash.replace(/^#/, '')).has('embed');
}

/** `url` without the embed flag: the same program in the full playground. */
export function withoutEmbed(url: string): string {
  const target = new URL(url);
  const query = new URLSearchParams(target.search);
  query.delete('embed');
  target.search = query.toString();
  const fragment = new URLSearchParams(target.hash.replace(/^#/, ''));
  fragment.delete('embed');
  // URLSearchParams would re-encode the share value's characters; it is base64url, so nothing changes.
  target.hash = fragment.toString();
  return target.href;
}
