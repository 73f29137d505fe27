/**
 * `halo/remark`: a remark plugin that makes a fenced code block marked `halo` a live `<halo-snippet>` (embed.js
 * of a Halo Playground build must be on the page). Platform-neutral: it only rewrites the Markdown tree.
 *
 * ````md
 * ```ts halo request="POST /greet" body='{"name":"Ada"}' editable id=greet
 * ...the program...
 * ```
 * ````
 *
 * The block stays as the site renders it (its highlighter), followed by the snippet; `halo-setup`, `halo-file`,
 * `halo-request` and `halo-checks` blocks are no blocks on the page: they go into the snippet (snippet-markdown.ts
 * reads them, as it does for the markdown-it plugin; docs/embed.md lists the forms and attributes).
 */
import type { Element } from 'hast';
import type { Parent, Root, RootContent } from 'mdast';
import { FALLBACK_TEXT, haloBlock, SnippetCollector, snippetAttributes, type MarkdownSnippet } from './snippet-markdown.ts';

/** What remark-rehype reads to make a node `<halo-snippet …>`: its attributes are set once the page is read. */
interface SnippetData {
  hName: 'halo-snippet';
  hProperties: Record<string, string | true>;
  hChildren: Element[];
}

/** The snippet after a `halo` block, and its data (whose attributes are set at the end). */
function snippetNode(): { node: RootContent; data: SnippetData } {
  const data: SnippetData = {
    hName: 'halo-snippet',
    hProperties: {},
    hChildren: [{ type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: FALLBACK_TEXT }] }],
  };
  return { node: { type: 'paragraph', children: [], data }, data };
}

/** Rewrites the snippet blocks among `parent`'s children, and in its descendants; returns the snippets and their nodes. */
function rewrite(parent: Parent, collector: SnippetCollector, made: [MarkdownSnippet, SnippetData][]): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    if ('children' in child) rewrite(child, collector, made);
    const block = child.type === 'code' ? haloBlock(child.lang, child.meta, child.value) : null;
    if (!block || child.type !== 'code') {
      children.push(child);
      continue;
    }
    const snippet = collector.add(block);
    if (!snippet) continue;
    const { node, data } = snippetNode();
    // The site shows the block as it shows any code (a block marked only `halo` shows as plain code).
    children.push({ ...child, lang: child.lang === 'halo' ? null : child.lang, meta: block.highlight || null }, node);
    made.push([snippet, data]);
  }
  parent.children = children;
}

/** The remark plugin: `unified().use(remarkParse).use(remarkHalo).use(remarkRehype)…`. */
export default function remarkHalo(): (tree: Root) => void {
  return (tree) => {
    const collector = new SnippetCollector('halo/remark');
    const made: [MarkdownSnippet, SnippetData][] = [];
    rewrite(tree, collector, made);
    collector.finish();
    // Requests and checks come after their snippet's block: the attributes are known only now.
    for (const [snippet, data] of made) data.hProperties = snippetAttributes(snippet);
  };
}
