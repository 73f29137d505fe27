import { safeText } from './safe-text.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes any value's text (see safeText; `''` when it has none) for use inside HTML elements and attribute values. */
export function escapeHtml(value: unknown): string {
  return safeText(value, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}
