import { SandboxFrame, type ServerWorkerHandle } from './sandbox-frame.ts';

let frame: SandboxFrame | null = null;

/** Starts a server worker in the page's sandbox frame (one frame per page, created on first use). */
export function spawnServerWorker(): ServerWorkerHandle {
  frame ??= new SandboxFrame();
  return frame.spawn();
}
