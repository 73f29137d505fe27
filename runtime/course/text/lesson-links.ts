import type { Link, Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** Where a link in lesson text goes: the web, another lesson, an entry of the API reference, or nowhere valid. */
export type LessonLinkTarget =
  { kind: 'web'; href: string } | { kind: 'lesson'; id: string } | { kind: 'api'; id: string } | { kind: 'bad'; reason: string };

const WEB = /^(https?:\/\/|mailto:)/i;
const LESSON_QUERY = /^\?lesson=([\w-]+)$/;
/** `../08-services`, `../08-services/` or `../08-services/lesson.md`: a lesson folder next to this one. */
const LESSON_PATH = /^\.\.\/(\d+-[\w-]+)\/?(lesson\.md)?$/;
const API = /^api:([A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?)$/;

/**
 * Reads a link target of lesson text. Only these forms work in the page: `https://…`, `mailto:…`,
 * `?lesson=<folder>`, a relative path to a lesson folder, and `api:Symbol` / `api:Symbol.member`.
 */
export function classifyHref(href: string): LessonLinkTarget {
  const target = href.trim();
  if (WEB.test(target)) return { kind: 'web', href: target };
  const lesson = LESSON_QUERY.exec(target) ?? LESSON_PATH.exec(target);
  if (lesson) return { kind: 'lesson', id: lesson[1] };
  const api = API.exec(target);
  if (api) return { kind: 'api', id: api[1] };
  return {
    kind: 'bad',
    reason: `"${href}" is not a link a lesson can use (https://…, mailto:…, ?lesson=<folder>, ../<folder>/lesson.md or api:Symbol)`,
  };
}

/** What a lesson's links may point at. */
export interface LinkTargets {
  /** Lesson folder names, e.g. `08-services` (and `scratch`). */
  lessons: ReadonlySet<string>;
  /** Whether `id` names an entry of the API reference. */
  hasApi: (id: string) => boolean;
}

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * Every broken link of a lesson's Markdown, each described with its line in the file (the Markdown starts
 * after `linesBefore` lines of frontmatter); empty when all are fine.
 */
export function lessonLinkProblems(markdown: string, targets: LinkTargets, linesBefore = 0): string[] {
  const problems: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'definition') problems.push(...check(node, targets, linesBefore));
    if ('children' in node) node.children.forEach(visit);
  };
  visit(parser.parse(markdown));
  return problems;
}

function check(node: Link | Extract<Nodes, { type: 'definition' }>, targets: LinkTargets, linesBefore: number): string[] {
  const at = `line ${(node.position?.start.line ?? 0) + linesBefore}`;
  const target = classifyHref(node.url);
  if (target.kind === 'bad') return [`${at}: ${target.reason}`];
  if (target.kind === 'lesson' && !targets.lessons.has(target.id)) return [`${at}: there is no lesson "${target.id}"`];
  if (target.kind === 'api' && !targets.hasApi(target.id)) return [`${at}: the API reference has no "${target.id}"`];
  return [];
}
