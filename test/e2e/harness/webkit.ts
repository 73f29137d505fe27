/**
 * WebKitGTK (Debian's `webkit2gtk-driver`: the engine of Safari) driven over W3C WebDriver: its MiniBrowser on a
 * private Xvfb display, a session that navigates and runs scripts in the page. Minimal: what a WebKit e2e needs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../../../runtime/course/tools/serve-program.ts';
import { installDebianPackage } from './debian-package.ts';

const DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * Installs what WebKit needs when it is missing and we are root with apt-get (the driver's package brings
 * MiniBrowser with it); returns why WebKit still cannot run here, or null when it can.
 */
export function ensureWebKit(): string | null {
  const missing = installDebianPackage('webkit2gtk-driver', DRIVER) ?? installDebianPackage('xvfb', XVFB);
  if (missing) return missing;
  return existsSync(MINIBROWSER) ? null : `${MINIBROWSER} is missing: install the Debian package "libwebkit2gtk-4.1-0"`;
}

/** A WebDriver session in WebKitGTK's MiniBrowser. */
export interface WebKitSession {
  /** Loads `url` and waits for its load event. */
  goto(url: string): Promise<void>;
  /** Runs `script` (a function body; `arguments` are `args`) in the page and returns its value. */
  run<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Runs `script` until it returns a truthy value (checked every 250 ms), at most `timeoutMs`; returns that value. */
  waitFor<T>(script: string, timeoutMs: number, ...args: unknown[]): Promise<T>;
  /**
   * Calls `fn` in the page (its source is sent, as puppeteer's `evaluate` does) and resolves with what its promise
   * resolves to, polled for at most `timeoutMs`: the driver's own script timeout (30 s) never cuts a long wait short.
   */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => Promise<T>, timeoutMs: number, ...args: A): Promise<T>;
  close(): Promise<void>;
}

/** Starts Xvfb on a display it chooses itself (`-displayfd`); resolves with the display's name. */
function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve({ display: `:${text.trim()}`, process: xvfb });
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it chose a display`)));
  });
}

/** Calls the driver: `method` on `path` with `body`; the reply's `value`, or throws its error. */
async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${reply.value.error} ${reply.value.message}`);
  return reply.value;
}

/** Waits until the driver answers its status (it listens a moment after it starts), at most `timeoutMs`. */
async function driverReady(base: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await call(base, 'GET', '/status');
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Starts Xvfb, WebKitWebDriver and a MiniBrowser session; `close()` ends all three. */
export async function launchWebKit(): Promise<WebKitSession> {
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    driver.kill();
    xvfb.process.kill();
  };
  let id: string;
  try {
    await driverReady(base, 30_000);
    const capabilities = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } };
    ({ sessionId: id } = await call<{ sessionId: string }>(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } }));
  } catch (error) {
    stop();
    throw error;
  }
  const run = <T>(script: string, ...args: unknown[]) => call<T>(base, 'POST', `/session/${id}/execute/sync`, { script, args });
  async function waitFor<T>(script: string, timeoutMs: number, ...args: unknown[]): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await run<T>(script, ...args);
      if (value) return value;
      if (Date.now() > until) throw new Error(`WebKit: timed out after ${timeoutMs} ms waiting for ${script}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  let nextCall = 0;
  return {
    goto: (url) => call(base, 'POST', `/session/${id}/url`, { url }),
    run,
    waitFor,
    async evaluate<T, A extends unknown[]>(fn: (...args: A) => Promise<T>, timeoutMs: number, ...args: A): Promise<T> {
      const key = nextCall++;
      // The outcome waits in the page, under its key, for the polls below to collect it.
      await run(
        `const [key, args] = arguments;
         const settled = (window.__webdriverSettled ??= {});
         (${fn.toString()})(...args).then((value) => (settled[key] = { value }), (error) => (settled[key] = { error: String(error) }));`,
        key,
        args,
      );
      const outcome = await waitFor<{ value: T; error?: string }>(`return window.__webdriverSettled[arguments[0]];`, timeoutMs, key);
      if (outcome.error !== undefined) throw new Error(`WebKit: ${fn.name} failed in the page: ${outcome.error}`);
      return outcome.value;
    },
    async close() {
      await call(base, 'DELETE', `/session/${id}`).catch(() => undefined);
      stop();
    },
  };
}
