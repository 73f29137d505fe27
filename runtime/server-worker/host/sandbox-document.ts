import { WORKER_READY } from '../../contract/server-worker-protocol.ts';

/**
 * What learner code may do from the sandbox, as a Content-Security-Policy that the server workers inherit
 * (workers from data: and blob: URLs take their creator's policy): run scripts and wasm (PGlite needs eval
 * and wasm compilation), start workers from data: and blob: URLs, and nothing over the network — no fetch,
 * no WebSocket, no remote `import()`. Its own modules (data: and blob: URLs) stay allowed.
 */
const SANDBOX_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:; worker-src blob: data:; connect-src 'none'";

/** The message that hands the frame its control port and the server worker's script (a Blob, gzip-compressed or not). */
export const SANDBOX_INIT = 'halo-sandbox-init';

/** The frame's bootstrap could not load the server worker's module. */
const BOOT_FAILED = 'halo-worker-boot-failed';

/**
 * The sandbox frame's document (an `<iframe sandbox="allow-scripts">` srcdoc, so an opaque origin:
 * no cookies, storage, caches or service worker of the playground). It starts server workers from the
 * script the page hands in and stops them when told; it never runs learner code itself, and it relays
 * nothing: each worker talks to the page over its own MessagePort.
 */
export const SANDBOX_DOCUMENT = `<!doctype html>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}">
<script>
addEventListener('message', function init(event) {
  if (event.source !== parent || !event.data || event.data.type !== '${SANDBOX_INIT}' || !event.ports[0]) return;
  removeEventListener('message', init);
  // One Blob for every worker: posted by reference, not copied. It comes as the build stores it, inflated here when its
  // first bytes are gzip's magic number (a host may have inflated it already), as runtime/assets/compressed-assets.ts does.
  var handed = event.data.script;
  var script = handed.slice(0, 2).arrayBuffer().then(function (head) {
    var bytes = new Uint8Array(head);
    var gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return gzip ? new Response(handed.stream().pipeThrough(new DecompressionStream('gzip'))).blob() : handed;
  }).then(function (inflated) {
    return new Blob([inflated], { type: 'text/javascript' });
  });
  // A classic worker that imports the module its first message hands it, from a blob: URL of its own (a
  // module worker from a blob: URL does not start in Chromium's opaque origins, nor a blob: URL of
  // another opaque origin import). From a data: URL it is a secure context (crypto.randomUUID and
  // crypto.subtle, as on Node) in Chromium too, whose workers from this frame's blob: URLs are not.
  var boot = 'addEventListener("message", function boot(event) { removeEventListener("message", boot); ' +
    'import(URL.createObjectURL(event.data)).catch(function (error) { postMessage({ type: "${BOOT_FAILED}", message: String(error) }); }); });';
  var dataUrl = 'data:text/javascript,' + encodeURIComponent(boot);
  var blobUrl = URL.createObjectURL(new Blob([boot], { type: 'text/javascript' }));
  // WebKit starts a worker from a data: URL but denies it the import of its own blob: URLs ("Cross-origin script
  // load denied"): a worker from the data: URL whose boot failed starts again from the blob: URL, and so do all later ones.
  var fromData = true;
  var startWorker = function () {
    if (fromData) {
      try {
        return { worker: new Worker(dataUrl, { name: 'halo-server' }), fromData: true };
      } catch (error) {
        fromData = false;
      }
    }
    return { worker: new Worker(blobUrl, { name: 'halo-server' }), fromData: false };
  };
  var control = event.ports[0];
  var workers = new Map();
  var spawn = function (id, port) {
    var started = startWorker();
    var worker = started.worker;
    var fail = function (text) {
      control.postMessage({ type: 'error', id: id, message: text || 'it could not be loaded' });
    };
    script.then(function (blob) {
      worker.postMessage(blob);
    }, function (error) {
      fail('its script could not be inflated: ' + String(error));
    });
    worker.onerror = function (error) {
      error.preventDefault();
      fail(error.message);
    };
    // The port goes over once, when the server worker says it is ready, before any program loads;
    // anything else a worker posts here (a program's self.postMessage) is ignored.
    worker.onmessage = function (reply) {
      if (!port || !reply.data) return;
      if (reply.data.type === '${BOOT_FAILED}') {
        if (!started.fromData || workers.get(id) !== worker) return fail(reply.data.message);
        fromData = false;
        worker.terminate();
        return spawn(id, port);
      }
      if (reply.data.type !== '${WORKER_READY}') return;
      worker.postMessage({ type: 'connect' }, [port]);
      port = null;
    };
    workers.set(id, worker);
  };
  control.onmessage = function (message) {
    var data = message.data;
    if (data.type === 'spawn') {
      spawn(data.id, message.ports[0]);
    } else if (data.type === 'terminate') {
      var stopped = workers.get(data.id);
      if (stopped) stopped.terminate();
      workers.delete(data.id);
    }
  };
});
</script>`;
