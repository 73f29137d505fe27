/** Moves focus to a lesson's start once the lesson pane shows it (its text may still be loading when it is chosen). */
let requested: string | null = null;

/** Asks for focus on the start of `id` (a lesson id or scratch) as soon as the lesson pane shows it. */
export function focusWhenShown(id: string): void {
  requested = id;
}

/** Focuses `start` when it is `id`'s and focus was asked for it; called by the lesson pane each time it shows another. */
export function takeFocus(id: string, start: HTMLElement | null | undefined): void {
  if (requested !== id) return;
  requested = null;
  start?.focus({ preventScroll: true });
}
