import { socketOrigin } from '../../contract/program-origin.ts';

/**
 * The headers the program's WebSocket provider sees on the upgrade of a page socket to `url`: `host`, and
 * an `origin` that is the program's own (`ws://localhost:3000/ws` → `http://localhost:3000`).
 *
 * Why the program's own origin: only the playground page's own sockets reach a program (msw intercepts
 * `WebSocket` in this page alone; a page of another origin, or the sandboxed preview iframe, has its own
 * `WebSocket` that goes to the network), so every one of them is the learner's client: the request panel,
 * a lesson check, the learner's code in the page. A browser always sends an `Origin` on a WebSocket, so the
 * closest real counterpart is a page the program served itself: the provider's origin check runs on a real
 * value (not the no-`Origin` pass that curl and Node clients get), admits it under the default
 * `allowedOrigins` as Node does for the program's own pages, and a connect hook reading `origin` sees what it
 * would see in production. The playground's own origin is not sent: the program never served that page.
 */
export function upgradeHeaders(url: string): [string, string][] {
  return [
    ['host', new URL(url).host],
    ['origin', socketOrigin(url)],
  ];
}
