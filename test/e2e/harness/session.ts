import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CompileResult, ConsoleEntry, ProgramState } from '../../../runtime/engine/index.ts';
// The harness page declares `window.__halo` (its type comes with this import).
import type {} from '../../../web/harness.ts';
import { importsPgService } from '../../../web/engine/imports-pg-service.ts';
import { testChromium } from './browser.ts';
import { distDir } from './paths.ts';
import { serveStatic } from './static-server.ts';
import type { StaticServer } from './static-server.ts';
import { FIRST } from './wait.ts';

/** A request body, described so it can cross into the page (which builds the real body there). */
export type BodySpec =
  | { text: string }
  | { json: unknown }
  | { form: Record<string, string> }
  | { multipart: Record<string, string | { filename: string; content: string; type?: string }> };

/** A request the page sends with `fetch`. */
export interface RequestSpec {
  method?: string;
  headers?: Record<string, string>;
  body?: BodySpec;
}

/** What the page's `fetch` got back. */
export interface PageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from fetch() to the full body, measured in the page. */
  ms: number;
}

/** Options of a session. */
export interface SessionOptions {
  /** The engine's request timeout (the kill switch), in milliseconds. */
  requestTimeoutMs?: number;
  /** The page to open, relative to the site root (default: the engine harness). */
  page?: string;
  /** Runs on the new page before it navigates (CDP target watchers attach there). */
  beforeNavigation?: (context: BrowserContext, page: Page) => Promise<void>;
}

/**
 * A fresh context of the run's Chromium (testChromium) with one page of the production build served on 127.0.0.1 under a sub-path, plus helpers
 * that drive the engine the page exposes as `window.__halo`. UI tests can open `index.html` instead
 * and use `page` directly.
 */
export class PlaygroundSession {
  private constructor(
    /** The static server of dist/. */
    readonly server: StaticServer,
    /** The browser. */
    readonly browser: Browser,
    /** The browser context (its own cache and service worker registrations). */
    readonly context: BrowserContext,
    /** The open page. */
    readonly page: Page,
  ) {}

  /** Serves dist/, launches Chromium and opens the page; for the harness, waits for `engine.ready`. */
  static async open(options: SessionOptions = {}): Promise<PlaygroundSession> {
    const server = await serveStatic(distDir());
    const browser = await testChromium();
    const context = await browser.newContext();
    // Every test's first visit and reload: the browser's 30 s default is short on a loaded machine.
    context.setDefaultNavigationTimeout(FIRST.timeout);
    const page = await context.newPage();
    const session = new PlaygroundSession(server, browser, context, page);
    await options.beforeNavigation?.(context, page);
    const query = options.requestTimeoutMs ? `?timeout=${options.requestTimeoutMs}` : '';
    await page.goto(`${server.url}${options.page ?? `web/harness.html${query}`}`);
    if (!options.page) await session.ready();
    return session;
  }

  /** Waits until the harness engine is ready (compiler initialized, service worker in control): on a first visit, esbuild's wasm comes over the network. */
  async ready(timeoutMs = FIRST.timeout): Promise<void> {
    await this.page.waitForFunction(() => window.__halo !== undefined, undefined, { timeout: timeoutMs });
    await this.page.evaluate(
      (ms) =>
        Promise.race([
          window.__halo.engine.ready,
          new Promise((_, reject) => setTimeout(() => reject(new Error(`engine not ready after ${ms} ms`)), ms)),
        ]),
      timeoutMs,
    );
  }

  /** Compiles `files` in the page. */
  compile(files: Record<string, string>, entry?: string): Promise<CompileResult> {
    return this.page.evaluate(([f, e]) => window.__halo.engine.compile(f, e), [files, entry] as const);
  }

  /**
   * Compiles and runs `files` (the entry is `main.ts`), its saved databases under `storageScope` (in memory
   * when `forChecks`, see RunOptions.forChecks); throws with the diagnostics when it does not compile. As the page
   * does, a program that imports PgService runs with `usesDatabase`.
   */
  async run(files: Record<string, string>, storageScope?: string, forChecks = false): Promise<ProgramState> {
    return this.page.evaluate(
      async ([f, scope, checks, usesDatabase]) => {
        const result = await window.__halo.engine.compile(f);
        if (!result.ok) throw new Error(`compile failed: ${JSON.stringify(result.diagnostics)}`);
        return window.__halo.engine.run(result.bundle, { storageScope: scope, forChecks: checks, usesDatabase });
      },
      [files, storageScope, forChecks, importsPgService(files)] as const,
    );
  }

  /**
   * Sends a request with the page's `fetch` (through the service worker, to the learner's program) and reads the
   * whole response; with `forChecks`, with the engine's `fetchForChecks` (to the checks' copy of the program).
   */
  fetch(url: string, spec: RequestSpec = {}, forChecks = false): Promise<PageResponse> {
    return this.page.evaluate(
      async ([target, request, checks]) => {
        const toBody = (body: BodySpec | undefined): BodyInit | undefined => {
          if (!body) return undefined;
          if ('text' in body) return body.text;
          if ('json' in body) return JSON.stringify(body.json);
          if ('form' in body) return new URLSearchParams(body.form);
          const form = new FormData();
          for (const [name, value] of Object.entries(body.multipart)) {
            if (typeof value === 'string') form.append(name, value);
            else form.append(name, new Blob([value.content], { type: value.type ?? 'application/octet-stream' }), value.filename);
          }
          return form;
        };
        const headers = new Headers(request.headers);
        if (request.body && 'json' in request.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
        const started = performance.now();
        const send = checks ? (input: string, init: RequestInit) => window.__halo.engine.fetchForChecks(input, init) : fetch;
        const response = await send(target, { method: request.method ?? 'GET', headers, body: toBody(request.body) });
        const body = await response.text();
        return { status: response.status, headers: Object.fromEntries(response.headers), body, ms: performance.now() - started };
      },
      [url, spec, forChecks] as const,
    );
  }

  /** Console entries of the programs so far. */
  consoleEntries(): Promise<ConsoleEntry[]> {
    return this.page.evaluate(() => window.__halo.console);
  }

  /** The engine's current program state. */
  state(): Promise<ProgramState> {
    return this.page.evaluate(() => window.__halo.engine.state);
  }

  /** Closes the browser and the server. */
  async close(): Promise<void> {
    await this.browser.close();
    await this.server.close();
  }
}
