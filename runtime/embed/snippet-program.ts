import type { ProgramBundle } from '../contract/engine-api.ts';
import { fromWireResponse, toWireRequest } from '../contract/wire.ts';
import type { ServerHost } from '../server-worker/host/server-host.ts';
import { runChecks } from '../course/checks/run-checks.ts';
import type { Check } from '../course/format/check-format.ts';
import { methodAllowsBody } from '../contract/encode-request.ts';
import { MAX_BODY_CHARS, type SnippetCheckResult, type SnippetRequest, type SnippetResponse } from './snippet-protocol.ts';

/** Where a program that has not said where it listens is asked: the address every lesson's program uses. */
const DEFAULT_ORIGIN = 'http://localhost:3000';

/**
 * One snippet's program in the frame: its own server host (its own server worker, so a snippet's state,
 * databases and crashes are its own), the bundle it runs, and the one way its requests and checks reach it:
 * straight to the host, without a service worker.
 */
export class SnippetProgram {
  private bundle: ProgramBundle | null = null;
  private timeLimitMs: number;

  /** Runs programs on `host`, each in the storage scope `storageScope`. */
  constructor(
    private readonly host: ServerHost,
    private readonly storageScope: string,
  ) {
    this.timeLimitMs = host.requestTimeoutMs;
  }

  /** The origin requests go to: the first the running program listens on. */
  get origin(): string {
    return this.host.state.origins[0] ?? DEFAULT_ORIGIN;
  }

  /**
   * Replaces the running program with `bundle` (fresh state); false when it did not start. `timeLimitMs` (the
   * host's default, 5 s, when not given) bounds its start and each request: past it the program is restarted.
   */
  async run(bundle: ProgramBundle, timeLimitMs?: number): Promise<boolean> {
    this.bundle = bundle;
    this.timeLimitMs = timeLimitMs ?? this.timeLimitMs;
    this.host.requestTimeoutMs = this.timeLimitMs;
    const state = await this.host.run(bundle, { storageScope: this.storageScope });
    return state.status === 'running';
  }

  /** Whether a program runs (or starts). */
  get running(): boolean {
    return this.bundle !== null;
  }

  /** Sends `request` to the program (a 503 from the host when none listens), the body cut at MAX_BODY_CHARS. */
  async send(request: SnippetRequest): Promise<SnippetResponse> {
    const started = performance.now();
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== undefined && methodAllowsBody(request.method)) init.body = request.body;
    const response = await this.fetch(new URL(request.path, this.origin).href, init);
    const body = await response.text();
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: body.slice(0, MAX_BODY_CHARS),
      truncated: body.length > MAX_BODY_CHARS,
      ms: Math.round(performance.now() - started),
    };
  }

  /** Runs `checks` (valid ones: see checkIssues) against the running program with the project's one runner. */
  async check(checks: Check[]): Promise<SnippetCheckResult[]> {
    const results = await runChecks(checks, {
      origin: this.origin,
      fetch: (input, init) => this.fetch(input, init),
      restart: async () => void (this.bundle && (await this.run(this.bundle))),
    });
    return results.map((result) => ({
      title: result.title,
      passed: result.passed,
      failures: result.steps.flatMap((step) => step.failures),
    }));
  }

  /** Stops the program; its worker is freed. */
  stop(): void {
    this.bundle = null;
    this.host.stopProgram();
  }

  /** A fetch to the program, as a page's fetch would reach it (an `accept` header by default). */
  private async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    if (!request.headers.has('accept')) request.headers.set('accept', '*/*');
    return fromWireResponse(await this.host.fetch(await toWireRequest(request)));
  }
}
