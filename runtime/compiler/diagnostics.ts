import type { Message } from 'esbuild-wasm/esm/browser.js';
import type { Diagnostic } from '../contract/engine-api.ts';
import { LEARNER_NAMESPACE, fileKey } from './learner-files.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Turns an esbuild message into a Diagnostic with 1-based line and character (not byte) column. */
export function toDiagnostic(message: Message, severity: Diagnostic['severity'], entry: string): Diagnostic {
  const location = message.location;
  if (!location) return { file: entry, line: 1, column: 1, message: message.text, severity };
  const prefix = decoder.decode(encoder.encode(location.lineText).slice(0, location.column));
  return {
    file: fileKey(location.file.replace(`${LEARNER_NAMESPACE}:`, '')),
    line: location.line,
    column: prefix.length + 1,
    message: message.text,
    severity,
  };
}
