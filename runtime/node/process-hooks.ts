/**
 * The process-level listeners every running AppHttp shares: one SIGINT listener (so that many servers
 * in one process never add up to a MaxListenersExceededWarning) and the loggers for errors that escape
 * app code. They are installed when the first server starts and removed when the last one closes.
 */

/** What a SIGINT shutdown needs from a running server. */
export interface Closable {
  close(): Promise<void>;
}

/** A repeated SIGINT within this window is the same Ctrl-C delivered twice (the terminal and npm). */
const REPEAT_WINDOW_MS = 1000;

const running = new Set<Closable>();
let interruptedAt = 0;

/** Registers a listening server; the first one installs the process listeners. */
export function watchProcess(server: Closable): void {
  if (running.size === 0 && interruptedAt === 0) install();
  running.add(server);
}

/** Unregisters a closed server; the last one removes the process listeners (unless a SIGINT shutdown runs). */
export function unwatchProcess(server: Closable): void {
  if (!running.delete(server)) return;
  if (running.size === 0 && interruptedAt === 0) uninstall();
}

function install(): void {
  process.on('SIGINT', onSigint);
  process.on('unhandledRejection', onUnhandledRejection);
  process.on('uncaughtException', onUncaughtException);
}

function uninstall(): void {
  process.off('SIGINT', onSigint);
  process.off('unhandledRejection', onUnhandledRejection);
  process.off('uncaughtException', onUncaughtException);
}

// The listener stays installed for the whole shutdown: were it removed after the first signal, the
// copy npm forwards would find no listener and Node would kill the process mid-shutdown (exit 130).
function onSigint(): void {
  if (interruptedAt !== 0) {
    if (Date.now() - interruptedAt < REPEAT_WINDOW_MS) return;
    console.error('[halo] SIGINT again: exiting without waiting for in-flight requests.');
    process.exit(130);
  }
  interruptedAt = Date.now();
  console.log('\n[halo] SIGINT: finishing in-flight requests, then exiting.');
  Promise.all([...running].map((server) => server.close())).then(
    () => process.exit(0),
    (error) => {
      console.error('[halo] shutdown failed:', error);
      process.exit(1);
    },
  );
}

// A server answers many clients: an error that escapes one request's code (an unawaited rejected
// promise, a throwing timer callback) is that code's bug, logged as such, and must not take every
// other client down with it. Node's default (print and exit 1) applies again once no server runs.
function onUnhandledRejection(reason: unknown): void {
  console.error('[halo] 500-class error: a promise rejected and nothing handled it; the server keeps serving.', reason);
}

function onUncaughtException(error: unknown): void {
  console.error('[halo] 500-class error: an exception escaped the app code; the server keeps serving.', error);
}
