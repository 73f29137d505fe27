import { format } from 'node-inspect-extracted';

/** The symbol `util.inspect` calls for an object's own text (Node's, shared by the extracted copy). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Formats console arguments as Node's `console.log` does (`util.format`: printf-style placeholders in a first
 * string, `util.inspect` for every other value), so a program prints the same text here and on Node. An error
 * shows its message and its stack with frames mapped to the learner's files, in every engine.
 */
export function formatArgs(args: readonly unknown[], mapStack: (stack: string) => string): string {
  return format(...args.map((arg) => (arg instanceof Error ? shownAs(errorText(arg, mapStack)) : arg)));
}

/**
 * An error's message followed by its mapped stack. V8 starts a stack with `Name: message`; Firefox and Safari
 * give the frames only, so the message is put first there.
 */
export function errorText(error: Error, mapStack: (stack: string) => string): string {
  const head = headline(error);
  const stack = typeof error.stack === 'string' ? error.stack : '';
  if (!stack) return head;
  return mapStack(stack.startsWith(head) || stack.startsWith(`${error.name}:`) ? stack : `${head}\n${stack}`);
}

function headline(error: Error): string {
  try {
    return error.message ? `${error.name}: ${error.message}` : String(error.name);
  } catch {
    return 'Error';
  }
}

/** A value `util.inspect` prints as `text`, unquoted (top-level errors, already formatted). */
function shownAs(text: string): object {
  return { [INSPECT]: () => text };
}
