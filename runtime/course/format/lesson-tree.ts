/**
 * A lesson's text as data: the Markdown is parsed at build time (runtime/course/text/markdown-to-tree.ts), so the
 * page ships no Markdown parser and renders this tree as React elements — never as an HTML string.
 */
export type LessonNode = string | LessonElement;

/** An element of the lesson text: an allowed tag, its few attributes, and its children. */
export interface LessonElement {
  tag: string;
  /**
   * `href` of web links, `lesson` (a folder name) and `api` (an API reference id) of the other links,
   * `language` and `file` of code blocks, `align` of table cells, `start` of ordered lists.
   */
  props?: Record<string, string | number>;
  children?: LessonNode[];
}

/** A lesson's frontmatter fields, as the course data carries them (runtime/course/format/course-data.ts). */
export interface LessonMeta {
  title: string;
  summary: string;
  covers: string[];
  /** The program's file names, `main.ts` first, when the lesson has more than one. */
  files?: string[];
}
