/**
 * `halo/markdown-it`: a markdown-it plugin (VitePress's Markdown) that makes a fenced code block marked `halo` a live
 * `<halo-snippet>` (embed.js of a Halo build must be on the page): `md.use(markdownItHalo)`. The same blocks as
 * `halo/remark` (snippet-markdown.ts reads them for both). The block is rendered as the site renders any block
 * (its highlighter sees only the language), then the snippet; whatever the snippet holds is in its attributes, which
 * Vue's template compiler keeps as they are, where it would drop or escape `<script>` children.
 */
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { FALLBACK_TEXT, haloBlock, infoLanguage, SnippetCollector, snippetAttributes, type MarkdownSnippet } from './snippet-markdown.ts';

/** `text` escaped for an HTML attribute value or text. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The element's HTML: its attributes, and the line a reader sees when embed.js never loaded. `v-pre` makes Vue
 * (VitePress) compile it as a plain element with static attributes, with no `isCustomElement` in the site's config
 * (without it Vue looks for a component of that name and renders nothing); other sites ignore the attribute.
 */
function snippetHtml(snippet: MarkdownSnippet): string {
  const attributes = Object.entries(snippetAttributes(snippet))
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  return `<halo-snippet v-pre${attributes}><span>${escapeHtml(FALLBACK_TEXT)}</span></halo-snippet>\n`;
}

/** The core rule: drops the blocks that go into a snippet and puts each snippet's element after its `halo` block. */
function rewrite(state: StateCore): void {
  const collector = new SnippetCollector('halo/markdown-it');
  const tokens: Token[] = [];
  const made: [MarkdownSnippet, Token][] = [];
  for (const token of state.tokens) {
    const { lang, meta } = token.type === 'fence' ? infoLanguage(token.info) : { lang: '', meta: '' };
    const block = token.type === 'fence' ? haloBlock(lang, meta, token.content) : null;
    if (!block) {
      tokens.push(token);
      continue;
    }
    const snippet = collector.add(block);
    if (!snippet) continue;
    // The site's highlighter sees its own words only (VitePress reads `{1,3}` and the like from them).
    token.info = `${lang === 'halo' ? '' : lang} ${block.highlight}`.trim();
    const element = new state.Token('html_block', '', 0);
    element.block = true;
    element.map = token.map;
    tokens.push(token, element);
    made.push([snippet, element]);
  }
  collector.finish();
  // Requests and checks come after their snippet's block: the element is written only now.
  for (const [snippet, element] of made) element.content = snippetHtml(snippet);
  state.tokens = tokens;
}

/** The markdown-it plugin: `markdownit().use(markdownItHalo)`; in VitePress, `markdown: { config: (md) => md.use(markdownItHalo) }`. */
export default function markdownItHalo(md: MarkdownIt): void {
  md.core.ruler.push('halo_snippets', rewrite);
}
