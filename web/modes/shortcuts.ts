import { useEffect } from 'react';

/** One keyboard shortcut as the help dialog lists it; `run` is absent when another component handles it. */
export interface Shortcut {
  /** How the keys read, e.g. `Ctrl/Cmd+S`. */
  keys: string;
  description: string;
  /** Whether `event` is this shortcut (set with `run`). */
  matches?: (event: KeyboardEvent) => boolean;
  run?: () => void;
  /** Whether it also fires while focus is in a text field or the editor. */
  whileTyping?: boolean;
}

/** Ctrl on Windows/Linux, Cmd on macOS, no other modifier. */
export function primary(event: KeyboardEvent, code: string): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === code;
}

/** Alt+Shift with a physical key (by code: on macOS Alt changes the character typed). */
export function altShift(event: KeyboardEvent, code: string): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === code;
}

/** Whether the event comes from somewhere the learner types: fields and the Monaco editor. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target || !(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.closest('.monaco-editor') !== null;
}

/** Runs the first shortcut that matches each keydown on the page (capture phase, before Monaco). */
export function useShortcuts(shortcuts: readonly Shortcut[]): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const hit = shortcuts.find((s) => s.run && s.matches?.(event) && (s.whileTyping || !isTyping(event)));
      if (!hit) return;
      event.preventDefault();
      event.stopPropagation();
      hit.run?.();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [shortcuts]);
}
