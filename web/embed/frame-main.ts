/**
 * The snippet frame: the page of the playground's build that a page's `<halo-snippet>` elements open (one
 * frame per page, hidden). It accepts one connection, from the page that holds it, whose origin the optional
 * allowlist names; then it checks every message on that connection before acting (snippet-protocol.ts).
 */
import { SnippetHub } from '../../runtime/embed/snippet-hub.ts';
import { CONNECT, PROTOCOL_VERSION, type FromFrame } from '../../runtime/embed/snippet-protocol.ts';
import { readToFrame } from '../../runtime/embed/read-to-frame.ts';
import { originAllowed, readAllowedOrigins } from '../../runtime/embed/allowed-origins.ts';
import { storageKept } from '../../runtime/embed/frame-storage.ts';
import { keepFrameOffline } from '../../runtime/embed/frame-offline.ts';
import { siteRoot } from '../../runtime/engine/site-root.ts';

const root = siteRoot();
const allowed = readAllowedOrigins(root);
let connected = false;

/** Refuses a connection on its port, if it brought one: a stranger learns nothing but the refusal. */
function refuse(port: MessagePort | undefined, reason: string): void {
  port?.postMessage({ type: 'refused', reason } satisfies FromFrame);
  port?.close();
}

addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as { type?: unknown; version?: unknown } | null;
  if (typeof data !== 'object' || data === null || data.type !== CONNECT) return;
  const port = event.ports[0] as MessagePort | undefined;
  // Only the page this frame is in; a window it opened, or another frame of it, is a stranger.
  if (event.source !== parent || parent === window) return refuse(port, 'only the page that holds this frame may connect');
  if (connected) return refuse(port, 'this frame is connected already');
  if (data.version !== PROTOCOL_VERSION) return refuse(port, `this frame speaks version ${PROTOCOL_VERSION}`);
  if (!port) return;
  connected = true;
  void Promise.all([allowed, storageKept()]).then(([origins, kept]) => {
    if (!originAllowed(event.origin, origins)) return refuse(port, `${event.origin} is not on this playground's embed allowlist`);
    open(port, event.origin, kept);
  });
});

/** Serves the page's snippets on `port`; `kept` says whether this browser lets the frame keep storage. */
function open(port: MessagePort, origin: string, kept: boolean): void {
  const reply = (message: FromFrame) => port.postMessage(message);
  const hub = new SnippetHub(root, origin, reply, kept);
  port.onmessage = (event: MessageEvent<unknown>) => {
    const read = readToFrame(event.data);
    if (!read.ok) {
      const seq = (event.data as { seq?: unknown } | null)?.seq;
      return reply({ type: 'refused', seq: typeof seq === 'number' ? seq : undefined, reason: `refused: ${read.reason}` });
    }
    const { message } = read;
    hub.handle(message).catch((error: unknown) =>
      reply({
        type: 'refused',
        id: 'id' in message ? message.id : undefined,
        seq: 'seq' in message ? message.seq : undefined,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
  };
  // This build's frame script: what the page keeps from this build (KeptBundle) it hands back to this build only.
  const build = new URL(import.meta.url).pathname;
  reply({ type: 'hello', version: PROTOCOL_VERSION, build, kept });
  // The dev server has no frame service worker; a frame whose storage is not kept could keep nothing.
  if (kept && import.meta.env.PROD) void keepFrameOffline(build).then((offline) => offline && reply({ type: 'offline' }));
}
