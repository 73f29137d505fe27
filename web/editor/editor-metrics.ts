/**
 * The editor's font and geometry, shared by Monaco's options (monaco-setup.ts) and the code shown before
 * Monaco has loaded (code-placeholder.tsx), so the editor takes over in place: same font, same lines, the
 * code's first character at the same pixel. Monaco's own defaults differ per platform; these are them,
 * one stack for all.
 */

/** Monaco's default font of each platform: Menlo (macOS), Consolas (Windows), Droid Sans Mono (Linux). */
export const EDITOR_FONT_FAMILY = "Menlo, Consolas, 'Droid Sans Mono', monospace";

/** Monaco's font features: no ligatures, so each character keeps its own cell. */
export const EDITOR_FONT_FEATURES = '"liga" 0, "calt" 0';

/** The editor's font size in pixels: 20 with the page's large text. */
export function editorFontSize(largeText: boolean): number {
  return largeText ? 20 : 14;
}

/** The height of one line in pixels, as Monaco derives it from the font size (1.35 ×, whole pixels). */
export function editorLineHeight(fontSize: number): number {
  return Math.round(fontSize * 1.35);
}

/**
 * Where the code starts, from the editor's left edge, as CSS: Monaco's line numbers (at least 5 digits wide)
 * and its line decorations (10 px, plus 16 for folding arrows). The editor has no glyph margin (its width
 * would change with the decorations in it).
 */
export function editorContentLeft(): string {
  return `calc(${LINE_NUMBER_DIGITS}ch + 26px)`;
}

/** Digits the line numbers have room for (Monaco's `lineNumbersMinChars`). */
export const LINE_NUMBER_DIGITS = 5;
