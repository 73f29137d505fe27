/**
 * Every target CDP can reach behind one page, for the benches: the page, its out-of-process frames (the sandbox
 * frame is one: an `<iframe sandbox>` gets a renderer of its own in Chromium), the dedicated workers of each, and the
 * context's service worker. Attached before the page navigates, and to each frame and worker as it is created, so
 * `onAttach` (a CPU throttle) reaches a target before it has done much. Playwright's public CDP session speaks to
 * one target only, so the targets behind it are reached through it in CDP's non-flat mode (`Target.sendMessageToTarget`),
 * nested as deep as the targets are; the service worker through a browser session's target discovery.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** A CDP session: Playwright's own, or one reached through another by `Target.sendMessageToTarget`. */
interface Session {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (params: never) => void): void;
}

/** The fields of CDP's TargetInfo read here. */
interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
  browserContextId?: string;
}

/** One target reached, with the session that speaks to it. */
export interface ReachedTarget {
  targetId: string;
  /** CDP's target type: page, iframe, worker, service_worker. */
  type: string;
  /** Its URL now (kept up to date: a page is attached on about:blank). */
  url: string;
  /** A worker's name when it was given one, else its URL (as CDP reports it). */
  title: string;
  send(method: string, params?: object): Promise<unknown>;
  /** False once the target closed or was detached. */
  alive: boolean;
  /** The target whose frame or worker started it (none for the page and the service worker). */
  parent?: ReachedTarget;
}

/** How long a target reached through another may take to answer a message before it counts as gone. */
const ANSWER_MS = 10_000;

/** Playwright's session as a `Session` (its typed `send` and `on` take any method by name). */
function playwrightSession(cdp: CDPSession): Session {
  return {
    send: (method, params) => cdp.send(method as 'Target.setAutoAttach', params as never),
    on: (event, listener) => cdp.on(event as 'Target.attachedToTarget', listener as never),
  };
}

/** What a session reached through another hears: its messages, and its detachment. */
interface InnerRoute {
  message(text: string): void;
  detached(): void;
}

/** The sessions reached through each session, by id: one listener on the parent routes all their messages. */
const innerRoutes = new WeakMap<Session, Map<string, InnerRoute>>();

function routesThrough(parent: Session): Map<string, InnerRoute> {
  const known = innerRoutes.get(parent);
  if (known) return known;
  const routes = new Map<string, InnerRoute>();
  innerRoutes.set(parent, routes);
  parent.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) =>
    routes.get(event.sessionId)?.message(event.message),
  );
  parent.on('Target.detachedFromTarget', (event: { sessionId: string }) => {
    routes.get(event.sessionId)?.detached();
    routes.delete(event.sessionId);
  });
  return routes;
}

/** The session `sessionId`, attached in non-flat mode through `parent`: its messages travel inside the parent's. */
function innerSession(parent: Session, sessionId: string, onDetached: () => void): Session {
  let nextId = 1;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, ((params: never) => void)[]>();
  routesThrough(parent).set(sessionId, {
    message(text) {
      const message = JSON.parse(text) as { id?: number; method?: string; params?: never; result?: unknown; error?: { message: string } };
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (waiting) {
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      }
      for (const listener of listeners.get(message.method ?? '') ?? []) listener(message.params as never);
    },
    detached() {
      for (const waiting of pending.values()) waiting.reject(new Error('the target closed'));
      onDetached();
    },
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // A session inside one whose target went away hears nothing more, not even its own detachment.
        const timer = setTimeout(() => settle(() => reject(new Error(`${method}: no answer (the target is gone)`))), ANSWER_MS);
        const settle = (end: () => void) => {
          clearTimeout(timer);
          pending.delete(id);
          end();
        };
        pending.set(id, { resolve: (result) => settle(() => resolve(result)), reject: (error) => settle(() => reject(error)) });
        parent
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
          .catch((error: Error) => settle(() => reject(error)));
      });
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };
}

/** The targets behind one page, attached from before its navigation on. */
export class PageTargets {
  private readonly reached: ReachedTarget[] = [];
  private readonly pending: Promise<unknown>[] = [];

  private browserSession: CDPSession | null = null;
  /** The service workers attached (discovery may report one twice). */
  private readonly serviceWorkers = new Set<string>();

  private constructor(private readonly onAttach: (target: ReachedTarget) => Promise<void>) {}

  /**
   * Attaches to `page` (open it on about:blank: what it loads later is reached as it comes), then to every frame
   * and worker behind it as each is created, and to `context`'s service workers; `onAttach` runs on each first.
   */
  static async attach(context: BrowserContext, page: Page, onAttach: (target: ReachedTarget) => Promise<void>): Promise<PageTargets> {
    const targets = new PageTargets(onAttach);
    const cdp = await context.newCDPSession(page);
    const session = playwrightSession(cdp);
    const { targetInfo } = (await session.send('Target.getTargetInfo')) as { targetInfo: TargetInfo };
    await targets.reach(session, targetInfo);
    targets.browserSession = await context.browser()!.newBrowserCDPSession();
    const browserSession = playwrightSession(targets.browserSession);
    browserSession.on('Target.targetCreated', ({ targetInfo: created }: { targetInfo: TargetInfo }) => {
      if (created.type !== 'service_worker' || created.browserContextId !== targetInfo.browserContextId) return;
      if (targets.serviceWorkers.has(created.targetId)) return;
      targets.serviceWorkers.add(created.targetId);
      targets.track(targets.attachThrough(browserSession, created));
    });
    browserSession.on('Target.targetInfoChanged', ({ targetInfo: changed }: { targetInfo: TargetInfo }) => {
      for (const target of targets.reached) if (target.targetId === changed.targetId) target.url = changed.url;
    });
    await browserSession.send('Target.setDiscoverTargets', { discover: true });
    return targets;
  }

  /** The targets reached that are still there (and so is every target above them). */
  live(): ReachedTarget[] {
    const alive = (target: ReachedTarget | undefined): boolean => !target || (target.alive && alive(target.parent));
    return this.reached.filter((target) => alive(target));
  }

  /** Resolves once every `onAttach` begun so far has ended. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.pending);
  }

  /** Stops watching for the context's service workers (the page's sessions end with the page). */
  async detach(): Promise<void> {
    await this.browserSession?.detach().catch(() => undefined);
  }

  private track(work: Promise<unknown>): void {
    this.pending.push(work.catch(() => undefined));
  }

  /** Attaches to `info` in non-flat mode through `parent` (a browser session) and reaches it. */
  private async attachThrough(parent: Session, info: TargetInfo): Promise<void> {
    const { sessionId } = (await parent.send('Target.attachToTarget', { targetId: info.targetId, flatten: false })) as {
      sessionId: string;
    };
    let target: ReachedTarget | undefined;
    await this.reach(
      innerSession(parent, sessionId, () => target && (target.alive = false)),
      info,
      (reached) => (target = reached),
    );
  }

  /** Runs `onAttach` on the target behind `session`, then attaches to the frames and workers it creates. */
  private async reach(session: Session, info: TargetInfo, made?: (target: ReachedTarget) => void, parent?: ReachedTarget): Promise<void> {
    const { targetId, type, url, title } = info;
    const target: ReachedTarget = { targetId, type, url, title, send: session.send, alive: true, parent };
    made?.(target);
    this.reached.push(target);
    session.on('Target.attachedToTarget', ({ sessionId, targetInfo }: { sessionId: string; targetInfo: TargetInfo }) => {
      let child: ReachedTarget | undefined;
      const inner = innerSession(session, sessionId, () => child && (child.alive = false));
      this.track(this.reach(inner, targetInfo, (reached) => (child = reached), target));
    });
    await this.onAttach(target).catch(() => undefined);
    // A worker may start workers too; some targets take no auto-attach (the answer is then an error, ignored).
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false }).catch(() => undefined);
  }
}

/**
 * Array buffers (`backingStorageSize`) past which a server worker holds a PGlite: one holds its data directory's files
 * and PGlite's file bundle there (27 MB on lesson 19 with the build's 16 MB seed; its wasm memory is not counted), from
 * the bundle's 6 MB on as it starts; a server worker without one holds under 1 MB.
 */
export const PGLITE_BYTES = 4 * 2 ** 20;

/** The live server workers behind `targets` ("halo-server") with their array buffers and wasm memory, bytes. */
export async function serverWorkers(targets: PageTargets): Promise<{ target: ReachedTarget; bytes: number }[]> {
  const workers = targets.live().filter((target) => target.type === 'worker' && target.title === 'halo-server');
  const read = await Promise.all(
    workers.map(async (target) => {
      const usage = (await target.send('Runtime.getHeapUsage').catch(() => null)) as { backingStorageSize?: number } | null;
      return usage ? { target, bytes: usage.backingStorageSize ?? 0 } : null;
    }),
  );
  return read.filter((worker) => worker !== null);
}

/** How many live server workers hold a PGlite now (see PGLITE_BYTES). */
export async function pgliteWorkers(targets: PageTargets): Promise<number> {
  return (await serverWorkers(targets)).filter((worker) => worker.bytes >= PGLITE_BYTES).length;
}

/**
 * Polls pgliteWorkers every `everyMs` until stopped; `stop()` resolves with the most seen at once and how many
 * readings were taken.
 */
export function watchPgliteWorkers(targets: PageTargets, everyMs = 50): { stop(): Promise<{ most: number; readings: number }> } {
  let most = 0;
  let readings = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      most = Math.max(most, await pgliteWorkers(targets));
      readings += 1;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { most, readings };
    },
  };
}
