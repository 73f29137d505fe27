/// <reference types="vite/client" />
import serverWorkerUrl from '../server-worker.ts?worker&url';
import { fetchStored } from '../../assets/fetch-compressed.ts';
import { SANDBOX_DOCUMENT, SANDBOX_INIT } from './sandbox-document.ts';

/** A server worker in the sandbox frame, as the page sees it. */
export interface ServerWorkerHandle {
  /** The page's end of the worker's private channel. */
  readonly port: Pick<MessagePort, 'postMessage' | 'onmessage'>;
  /** Called when the worker could not be started (at once, if that happened before it was set). */
  onerror: ((message: string) => void) | null;
  /** Stops the worker at once, whatever it is doing. */
  terminate(): void;
}

/** Messages the page sends to the frame. */
type ToFrame = { type: 'spawn'; id: number } | { type: 'terminate'; id: number };

/**
 * The hidden sandbox frame in which every learner program runs: an `<iframe sandbox="allow-scripts">`
 * (opaque origin, no access to the playground's storage, caches or page) whose document starts server
 * workers from the server worker's built script, fetched here and handed in (a worker of an opaque
 * origin cannot load the site's URL itself). Created on the first spawn.
 */
export class SandboxFrame {
  private control: Promise<MessagePort> | null = null;
  /** Reports a start failure to the handle of each live worker, by id. */
  private readonly failures = new Map<number, (message: string) => void>();
  private nextId = 1;

  /** Starts a server worker; messages posted to its port before it runs wait for it. */
  spawn(): ServerWorkerHandle {
    const id = this.nextId++;
    const channel = new MessageChannel();
    let failure: string | null = null;
    let onerror: ((message: string) => void) | null = null;
    const handle: ServerWorkerHandle = {
      port: channel.port1,
      get onerror() {
        return onerror;
      },
      set onerror(listener) {
        onerror = listener;
        if (failure !== null) listener?.(failure);
      },
      terminate: () => {
        if (!this.failures.delete(id)) return;
        channel.port1.close();
        // A frame that never opened has no worker to stop.
        this.send({ type: 'terminate', id }).catch(() => undefined);
      },
    };
    this.failures.set(id, (message) => {
      failure = message;
      onerror?.(message);
    });
    void this.send({ type: 'spawn', id }, [channel.port2]).catch((error: unknown) =>
      this.failures.get(id)?.(error instanceof Error ? error.message : String(error)),
    );
    return handle;
  }

  private async send(message: ToFrame, transfer: Transferable[] = []): Promise<void> {
    if (!this.control) {
      const control = openFrame((id, message) => this.failures.get(id)?.(message));
      // A frame that failed to open (its script could not be fetched) is tried again on the next spawn.
      control.catch(() => this.control === control && (this.control = null));
      this.control = control;
    }
    (await this.control).postMessage(message, transfer);
  }
}

/** Adds the hidden frame to the page and hands it the server worker's script; resolves with its control port. */
async function openFrame(onError: (id: number, message: string) => void): Promise<MessagePort> {
  // Compressed from any host, and handed over as a Blob (by reference) still compressed: the frame inflates it. The page's
  // main thread is at its busiest while the frame boots, and every step of an inflation here would wait for it.
  const script = fetchStored(new URL(serverWorkerUrl, location.href).href).then((response) => {
    if (!response.ok) throw new Error(`the server worker's script answered ${response.status}`);
    return response.blob();
  });
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = 'Halo program sandbox';
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.srcdoc = SANDBOX_DOCUMENT;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  // The boot script may run before the parser reached <body>: the frame loads just as well under <html>.
  (document.body ?? document.documentElement).append(frame);
  let source: Blob;
  try {
    [source] = await Promise.all([script, loaded]);
  } catch (error) {
    frame.remove();
    throw error;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = (event: MessageEvent<{ type: 'error'; id: number; message: string }>) =>
    onError(event.data.id, event.data.message);
  // '*': the frame's origin is opaque, so no other target origin matches it.
  frame.contentWindow?.postMessage({ type: SANDBOX_INIT, script: source }, '*', [channel.port2]);
  return channel.port1;
}
