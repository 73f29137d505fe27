import type { Page } from 'playwright-core';
import type { WebSocketClass } from '../../../runtime/course/checks/check-socket.ts';

/** What the page keeps: its real sockets by id, and the function that reports their events to Node. */
interface PageSockets {
  __haloSockets?: Map<number, WebSocket>;
  __haloSocketEvent(id: number, type: string, fields: Record<string, unknown>): void;
}

/**
 * A WebSocket class for Node code (the lesson check runner) whose sockets live in `page`: each
 * `new WebSocket(url)` opens the page's WebSocket (which the playground routes to the program), and
 * its open, message, close and error events are replayed here in order.
 */
export async function pageWebSocketClass(page: Page): Promise<WebSocketClass> {
  const sockets = new Map<number, PageWebSocket>();
  await page.exposeFunction('__haloSocketEvent', (id: number, type: string, fields: Record<string, unknown>) => {
    sockets.get(id)?.dispatchEvent(Object.assign(new Event(type), fields));
    if (type === 'close') sockets.delete(id);
  });
  let nextId = 1;
  class PageWebSocket extends EventTarget {
    private readonly id = nextId++;

    constructor(url: string) {
      super();
      sockets.set(this.id, this);
      void page.evaluate(
        ([id, u]) => {
          const scope = window as unknown as PageSockets;
          const socket = new WebSocket(u);
          (scope.__haloSockets ??= new Map()).set(id, socket);
          socket.onopen = () => scope.__haloSocketEvent(id, 'open', {});
          socket.onmessage = (event) => scope.__haloSocketEvent(id, 'message', { data: String(event.data) });
          socket.onerror = () => scope.__haloSocketEvent(id, 'error', {});
          socket.onclose = (event) => scope.__haloSocketEvent(id, 'close', { code: event.code, reason: event.reason });
        },
        [this.id, url] as const,
      );
    }

    send(text: string): void {
      void page.evaluate(([id, t]) => (window as unknown as PageSockets).__haloSockets?.get(id)?.send(t), [this.id, text] as const);
    }

    close(): void {
      void page.evaluate((id) => (window as unknown as PageSockets).__haloSockets?.get(id)?.close(), this.id).catch(() => undefined);
    }
  }
  return PageWebSocket as unknown as WebSocketClass;
}
