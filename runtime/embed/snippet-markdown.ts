/**
 * What the Markdown plugins (remark-halo.ts, markdown-it-halo.ts) share: reading the fenced blocks of a page that
 * make snippets, and the `<halo-snippet>` attributes each snippet becomes. Platform-neutral, no dependency.
 *
 * A block's info string is its language, then a marker, then attributes (docs/embed.md):
 * - `halo` — the snippet's code, shown on the page, then the snippet; the attributes are the snippet's;
 * - `halo-setup` (`file=…`) — hidden setup of the next `halo` block;
 * - `halo-file file=…` — another visible file of the next `halo` block (the snippet shows it in a tab);
 * - `halo-request` — one more request of the `halo` block before it, written as HTTP writes it;
 * - `halo-checks` — the checks (JSON) of the `halo` block before it.
 *
 * Everything a snippet holds goes in attributes, never in raw child elements: Vue (VitePress) drops or escapes
 * `<script>` children, and MDX (Docusaurus) rewrites them. The one child is a line of text for a reader whose page
 * never loaded embed.js; the element hides it once it runs.
 */

/** The attributes a `halo` block's info string may give its snippet. */
const ATTRIBUTES = new Set([
  'request',
  'body',
  'editable',
  'checks',
  'height',
  'theme',
  'autoload',
  'id',
  'depends-on',
  'file',
  'label',
  'time-limit',
]);

/** The markers of the blocks that make snippets. */
const MARKERS = ['halo', 'halo-setup', 'halo-file', 'halo-request', 'halo-checks'] as const;

/** One of {@link MARKERS}. */
export type BlockMarker = (typeof MARKERS)[number];

/** A fenced block of a page that makes (part of) a snippet. */
export interface HaloBlock {
  marker: BlockMarker;
  /** The words of the info string between the language and the marker (VitePress's `{1,3}`): the highlighter's. */
  highlight: string;
  attributes: Record<string, string | true>;
  code: string;
}

/** A file of a snippet, as the `data-files` attribute carries it. */
export interface SnippetFile {
  name: string;
  code: string;
  /** Setup the reader does not see. */
  hidden?: true;
  /** The page's code block just before the snippet shows this file. */
  page?: true;
}

/** What one snippet of a page is made of; requests and checks may be added after its `halo` block. */
export interface MarkdownSnippet {
  attributes: Record<string, string | true>;
  files: SnippetFile[];
  /** Requests after the `request` attribute's, each as HTTP writes it. */
  requests: string[];
  /** The `halo-checks` block's text, or null. */
  checks: string | null;
}

/** What a reader sees where the snippet would be, when embed.js never loaded (the element hides it once it runs). */
export const FALLBACK_TEXT = "▶ A live example: it runs here once Halo's embed.js has loaded (it has not, so far).";

/** `key="value"`, `key='value'`, `key=value` and bare `key` words of an info string's meta. */
function parseMeta(meta: string): Record<string, string | true> {
  const attributes: Record<string, string | true> = {};
  for (const match of meta.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    attributes[match[1]] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  return attributes;
}

/**
 * The block of language `lang` with info-string rest `meta` (remark's split; markdown-it's info is `lang meta`), or
 * null when it is no snippet's. The marker is the first word of the meta that is one (words before it are the
 * highlighter's); a block may also have no language, its first word being the marker.
 */
export function haloBlock(lang: string | null | undefined, meta: string | null | undefined, code: string): HaloBlock | null {
  const words = `${MARKERS.includes(lang as BlockMarker) ? `${lang} ` : ''}${meta ?? ''}`.trim().split(/\s+/);
  const at = words.findIndex((word) => MARKERS.includes(word as BlockMarker));
  if (at === -1) return null;
  return {
    marker: words[at] as BlockMarker,
    highlight: words.slice(0, at).join(' '),
    attributes: parseMeta(words.slice(at + 1).join(' ')),
    code: code.replace(/\n$/, ''),
  };
}

/** The language of an info string `ts halo …` (markdown-it's form), or '' when its first word is a marker. */
export function infoLanguage(info: string): { lang: string; meta: string } {
  const [lang = '', ...meta] = info.trim().split(/\s+/);
  return { lang, meta: meta.join(' ') };
}

/** `code` when it is JSON (the checks are read by the element at Run, too late to tell the author). */
function checksText(code: string, plugin: string): string {
  try {
    JSON.parse(code);
  } catch (error) {
    throw new Error(`${plugin}: a halo-checks block must hold JSON: ${(error as Error).message}`, { cause: error });
  }
  return code;
}

/** Checks a snippet's attributes: a misspelt one would otherwise be dropped without a word. */
function checkAttributes(attributes: Record<string, string | true>, plugin: string): void {
  for (const name of Object.keys(attributes)) {
    if (!ATTRIBUTES.has(name)) throw new Error(`${plugin}: "${name}" is not a snippet attribute (${[...ATTRIBUTES].join(', ')}).`);
  }
}

/**
 * Groups a page's blocks, in order, into snippets: `add` takes each block and says whether it shows on the page
 * (only `halo` blocks do); `finish` throws when setup or files wait for a `halo` block that never came.
 */
export class SnippetCollector {
  private pending: SnippetFile[] = [];
  private last: MarkdownSnippet | null = null;

  /** `plugin` names the plugin in its errors. */
  constructor(private readonly plugin: string) {}

  /** Takes `block`; returns the snippet it ends (a `halo` block), else null. */
  add(block: HaloBlock): MarkdownSnippet | null {
    const file = typeof block.attributes.file === 'string' ? block.attributes.file : 'main.ts';
    switch (block.marker) {
      case 'halo-setup':
        this.pending.push({ name: file, code: block.code, hidden: true });
        return null;
      case 'halo-file':
        this.pending.push({ name: file, code: block.code });
        return null;
      case 'halo-request':
        this.lastSnippet(block.marker).requests.push(block.code);
        return null;
      case 'halo-checks':
        this.lastSnippet(block.marker).checks = checksText(block.code, this.plugin);
        return null;
      case 'halo':
        checkAttributes(block.attributes, this.plugin);
        this.last = {
          attributes: block.attributes,
          files: [...this.pending, { name: file, code: block.code, page: true }],
          requests: [],
          checks: null,
        };
        this.pending = [];
        return this.last;
    }
  }

  /** Throws when blocks wait for a `halo` block after the last one. */
  finish(): void {
    if (this.pending.length > 0) throw new Error(`${this.plugin}: a halo-setup or halo-file block must come before a halo block.`);
  }

  private lastSnippet(marker: BlockMarker): MarkdownSnippet {
    if (!this.last) throw new Error(`${this.plugin}: a ${marker} block must come after the halo block it belongs to.`);
    return this.last;
  }
}

/** The `<halo-snippet>` attributes of `snippet`: the author's, then its files, requests and checks as JSON. */
export function snippetAttributes(snippet: MarkdownSnippet): Record<string, string | true> {
  const attributes: Record<string, string | true> = { ...snippet.attributes, 'data-files': JSON.stringify(snippet.files) };
  if (snippet.requests.length > 0) attributes['data-requests'] = JSON.stringify(snippet.requests);
  if (snippet.checks !== null) attributes.checks = snippet.checks;
  return attributes;
}
