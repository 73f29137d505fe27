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
 * The block stays as the site renders it (its highlighter), followed by the snippet; a block marked `halo-setup`
 * (optionally `file=…`) is no block on the page: it becomes the hidden setup of the next `halo` block.
 * Every other word of the info string is an attribute of the snippet (docs/embed.md lists them).
 */
import type { Element } from 'hast';
import type { Code, Parent, Root, RootContent } from 'mdast';

/** The attributes a `halo` block's info string may give its snippet. */
const ATTRIBUTES = new Set(['request', 'body', 'editable', 'checks', 'height', 'theme', 'autoload', 'id', 'depends-on', 'file', 'label']);

/** `key="value"`, `key='value'`, `key=value` and bare `key` words of an info string's meta. */
function parseMeta(meta: string): Record<string, string | true> {
  const attributes: Record<string, string | true> = {};
  for (const match of meta.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    attributes[match[1]] = match[2] ?? match[3] ?? match[4] ?? true;
  }
  return attributes;
}

/** The block's marker (`halo` or `halo-setup`, the first word of its meta) and its attributes, or null for other blocks. */
function haloBlock(node: Code): { setup: boolean; attributes: Record<string, string | true> } | null {
  const [marker = '', ...rest] = (node.meta ?? '').trim().split(/\s+/);
  if (marker !== 'halo' && marker !== 'halo-setup') return null;
  return { setup: marker === 'halo-setup', attributes: parseMeta(rest.join(' ')) };
}

/** A hidden setup file for the next snippet; `</script` would end the element early, so it is refused. */
function setupScript(node: Code, file: string): Element {
  if (/<\/script/i.test(node.value)) throw new Error(`halo/remark: a halo-setup block (${file}) cannot contain "</script".`);
  return {
    type: 'element',
    tagName: 'script',
    properties: { type: 'text/plain', dataFile: file, hidden: true },
    children: [{ type: 'text', value: node.value }],
  };
}

/** The snippet after a `halo` block: a node remark-rehype turns into `<halo-snippet …>` with the setup inside. */
function snippetNode(attributes: Record<string, string | true>, setup: Element[]): RootContent {
  const properties: Record<string, string | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (!ATTRIBUTES.has(name)) throw new Error(`halo/remark: "${name}" is not a snippet attribute (${[...ATTRIBUTES].join(', ')}).`);
    properties[name] = value === true ? true : value;
  }
  return { type: 'paragraph', children: [], data: { hName: 'halo-snippet', hProperties: properties, hChildren: setup } };
}

/** Rewrites the `halo` and `halo-setup` blocks among `parent`'s children, and in its descendants. */
function rewrite(parent: Parent): void {
  const children: RootContent[] = [];
  let setup: Element[] = [];
  for (const child of parent.children) {
    if ('children' in child) rewrite(child);
    const block = child.type === 'code' ? haloBlock(child) : null;
    if (!block || child.type !== 'code') {
      children.push(child);
      continue;
    }
    const file = typeof block.attributes.file === 'string' ? block.attributes.file : 'main.ts';
    if (block.setup) {
      setup.push(setupScript(child, file));
      continue;
    }
    // The site shows the block as it shows any code; the snippet reads it from the page.
    children.push({ ...child, meta: null }, snippetNode(block.attributes, setup));
    setup = [];
  }
  if (setup.length > 0) throw new Error('halo/remark: a halo-setup block must come before a halo block.');
  parent.children = children;
}

/** The remark plugin: `unified().use(remarkParse).use(remarkHalo).use(remarkRehype)…`. */
export default function remarkHalo(): (tree: Root) => void {
  return (tree) => rewrite(tree);
}
