import { SandboxFrame, type ServerWorkerHandle } from './sandbox-frame.ts';

let frame: SandboxFrame | null = null;
/** The worker started by {@link spawnServerWorkerAhead}, until a spawn takes it. */
let ahead: ServerWorkerHandle | null = null;

/** Starts a server worker in the page's sandbox frame (one frame per page, created on first use); the one started ahead first. */
export function spawnServerWorker(): ServerWorkerHandle {
  const started = ahead;
  ahead = null;
  if (started) return started;
  frame ??= new SandboxFrame();
  return frame.spawn();
}

/**
 * Opens the sandbox frame and boots its first server worker now, for the next {@link spawnServerWorker} to take: the
 * playground's page calls it from a script of its own, so the frame and the worker boot while the page's modules load.
 * Does nothing once the page spawned a worker itself (that script ran late): a worker booted then would never be taken.
 */
export function spawnServerWorkerAhead(): void {
  if (!frame) ahead = spawnServerWorker();
}
