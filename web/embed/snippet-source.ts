import type { SnippetRequest } from '../../runtime/embed/snippet-protocol.ts';
import type { SnippetFiles } from './assemble-program.ts';
import { parseRequestText } from './snippet-request.ts';

/** What an author wrote for one snippet, read from its element and the code block before it. */
export interface SnippetSource extends SnippetFiles {
  /** The requests the snippet offers, the first chosen; at least one (`GET /`). */
  requests: SnippetRequest[];
  /** The checks (lesson check format, as parsed JSON), or null. */
  checks: unknown;
  /** The page's own code block the snippet is attached to, or null when its files are its children. */
  block: Element | null;
}

/** The text of a `<script type="text/plain">` child, without the first line break an author puts after the tag. */
const scriptText = (script: Element) => (script.textContent ?? '').replace(/^\r?\n/, '');

/** The page's code block just before `element` (`<pre>`, or a wrapper holding one, as VitePress and Docusaurus render), or null. */
function blockBefore(element: Element): { block: Element; pre: Element } | null {
  const block = element.previousElementSibling;
  if (!block) return null;
  const pre = block.tagName === 'PRE' ? block : block.querySelector('pre');
  return pre ? { block, pre } : null;
}

/** The requests the snippet offers: the `request` attribute (with `body`), then each `data-request` child. */
function requestsOf(element: Element): SnippetRequest[] {
  const texts: string[] = [];
  const line = element.getAttribute('request');
  if (line) texts.push(`${line}\n\n${element.getAttribute('body') ?? ''}`);
  texts.push(...jsonAttribute(element, 'data-requests').filter((text): text is string => typeof text === 'string'));
  for (const script of element.querySelectorAll(':scope > script[data-request]')) texts.push(scriptText(script));
  const requests = texts.map(parseRequestText).filter((request): request is SnippetRequest => request !== null);
  return requests.length > 0 ? requests : [{ method: 'GET', path: '/', headers: [] }];
}

/** The snippet's checks: the `checks` attribute or a `data-checks` child, as JSON; null when none (or not JSON). */
function checksOf(element: Element): unknown {
  const text = element.getAttribute('checks') ?? element.querySelector(':scope > script[data-checks]')?.textContent ?? null;
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The list an attribute holds as JSON (the Markdown plugins' `data-files` and `data-requests`), or [] when none. */
function jsonAttribute(element: Element, name: string): unknown[] {
  try {
    const value: unknown = JSON.parse(element.getAttribute(name) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** The files of the `data-files` attribute (what the Markdown plugins write): `[{ name, code, hidden?, page? }]`. */
function attributeFiles(element: Element): { name: string; code: string; hidden: boolean; page: boolean }[] {
  return jsonAttribute(element, 'data-files').flatMap((file) => {
    const { name, code, hidden, page } = (file ?? {}) as Record<string, unknown>;
    return typeof name === 'string' && typeof code === 'string' ? [{ name, code, hidden: hidden === true, page: page === true }] : [];
  });
}

/**
 * Reads a `<halo-snippet>`: its files are those of its `data-files` attribute and its
 * `<script type="text/plain" data-file="…">` children (with `hidden`, setup the reader does not see), or else the
 * code block before it (named by the `file` attribute, `main.ts` by default), plus the hidden ones either way.
 * The page's block before it shows the code when the code came from it, or a `data-files` file says so (`page`).
 */
export function readSnippetSource(element: Element): SnippetSource {
  const visible: Record<string, string> = {};
  const hidden: Record<string, string> = {};
  const files = attributeFiles(element);
  for (const file of files) (file.hidden ? hidden : visible)[file.name] = file.code;
  for (const script of element.querySelectorAll(':scope > script[data-file]')) {
    const name = script.getAttribute('data-file') ?? 'main.ts';
    (script.hasAttribute('hidden') ? hidden : visible)[name] = scriptText(script);
  }
  const before = blockBefore(element);
  let block: Element | null = files.some((file) => file.page) ? (before?.block ?? null) : null;
  if (Object.keys(visible).length === 0 && before) {
    block = before.block;
    visible[element.getAttribute('file') ?? 'main.ts'] = (before.pre.textContent ?? '').replace(/\n$/, '');
  }
  return { visible, hidden, requests: requestsOf(element), checks: checksOf(element), block };
}
