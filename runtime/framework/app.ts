import type { Handler } from './handler.ts';
import { HttpException } from './http-exception.ts';
import type { RequestContext } from './request-context.ts';
import { ResponseContext } from './response-context.ts';
import type { ErrorHandler } from './errors/default-error-handler.ts';
import { defaultErrorHandler } from './errors/default-error-handler.ts';
import type { RequestLimits } from './body/request-limits.ts';
import { resolveLimits } from './body/request-limits.ts';
import { FetchRequestContext } from './fetch/fetch-request-context.ts';
import { toResponse } from './fetch/to-response.ts';
import { applyResult, isPromiseLike, runPipeline } from './pipeline.ts';
import { restRoutes } from './providers/rest/rest-routes.ts';
import { effectiveMethod } from './routing/method-override.ts';
import { splitRequestPath } from './routing/request-path.ts';
import { RouteTree } from './routing/route-tree.ts';
import { Router } from './routing/router.ts';
import type { SourceSite } from './source-site.ts';
import { captureSite } from './source-site.ts';
import { runTracedPipeline } from './tracing/traced-pipeline.ts';
import type { TracedErrorHandler } from './tracing/traced-error-handler.ts';
import { traceErrorHandler } from './tracing/traced-error-handler.ts';
import type { Tracer } from './tracing/tracer.ts';
import { TraceScope } from './tracing/tracer.ts';

/** Options of an App. */
export interface AppOptions {
  /** Largest request body in bytes that parseBody() reads; larger bodies get 413. Default 1 MiB. */
  bodyLimit?: number;
  /** Deepest nesting of a JSON body or a bracket query key (`a[b][c]`); deeper gets 400. Default 64. */
  maxBodyDepth?: number;
  /** Most `name=value` pairs in a query string or urlencoded body; more gets 400. Default 1000. */
  maxParameters?: number;
  /** Highest list index in a bracket query key (`a[99]`); larger indexes stay object keys. Default 1000. */
  queryArrayLimit?: number;
}

/** Options of one `app.fetch` call. */
export interface FetchOptions {
  /** Records what the request runs into this trace (read it with `tracer.toTrace()` once the response is made). */
  tracer?: Tracer;
  /** The client's IP address, which `req.remoteAddress` reads (default `''`: unknown). */
  remoteAddress?: string;
}

/** The application: a router plus the request pipeline, error handling and lifecycle. */
export class App extends Router {
  /** Largest request body in bytes. */
  readonly bodyLimit: number;
  /** Limits on the structure of bodies and query strings, from the options. */
  readonly limits: RequestLimits;
  /** Functions run by close(), e.g. to release services. */
  readonly shutdownHooks: (() => unknown)[] = [];
  private tree: RouteTree<Handler> | null = null;
  private errorHandler_: ErrorHandler = defaultErrorHandler;
  /** Where the program replaced the error handler (null: the default), for traces. */
  private errorHandlerSite: SourceSite | null = null;

  /** Creates an empty application; a limit option that is not a positive integer throws a RangeError. */
  constructor(options: AppOptions = {}) {
    super();
    this.bodyLimit = options.bodyLimit ?? 1024 * 1024;
    this.limits = resolveLimits(options);
  }

  /** Turns errors into responses. Replace it; keep the old one in a variable to delegate to it. */
  get errorHandler(): ErrorHandler {
    return this.errorHandler_;
  }

  set errorHandler(handler: ErrorHandler) {
    this.errorHandler_ = handler;
    this.errorHandlerSite = captureSite();
  }

  /** True once the app serves requests; routes added from then on never run. */
  get started(): boolean {
    return this.tree !== null;
  }

  /** Compiles the routes and stops taking new ones; hosts call it when they start serving. */
  freeze(): void {
    if (this.tree) return;
    this.freezeRoutes();
    const tree = new RouteTree<Handler>();
    for (const route of this.flattenRoutes(restRoutes)) tree.insert(route);
    this.tree = tree;
  }

  /** Runs the pipeline for one request; returns a promise only when some handler was asynchronous. */
  handle(req: RequestContext, res: ResponseContext): void | Promise<void> {
    if (!this.tree) this.freeze();
    req.limits = this.limits;
    if (req.method === 'POST') req.method = effectiveMethod(req);
    let match, segments;
    try {
      match = this.tree!.match(req.method, (segments = splitRequestPath(req.path)));
    } catch (error) {
      return this.handleError(error, req, res);
    }
    if (!match) {
      res.statusCode = 404;
      return;
    }
    if (match.params) req.params = match.params;
    // The one check an untraced request pays for tracing.
    if (req.trace) return runTracedPipeline(this.tree!.matchRoutes(req.method, segments), req.trace, req, res, this.handleError);
    return runPipeline(match.handlers, 0, req, res, this.handleError);
  }

  /** Answers a WHATWG Request, for Fetch-API hosts and in-process tests; `options.tracer` records a trace. */
  async fetch(request: Request, options: FetchOptions = {}): Promise<Response> {
    const req = new FetchRequestContext(request, this.bodyLimit, options.remoteAddress);
    const res = new ResponseContext();
    if (options.tracer) req.trace = new TraceScope(options.tracer, null);
    await this.handle(req, res);
    options.tracer?.finish(res.statusCode, res.body);
    try {
      return toResponse(res, req.method);
    } catch (error) {
      // A status outside 200–599 or a header value with a line break: what Node's adapter answers too.
      console.error('[halo] could not send the response:', error);
      return new Response('500 Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
  }

  /** Runs the shutdown hooks, then closes every service mounted with use(); the app should not serve afterwards. */
  async close(): Promise<void> {
    for (const hook of this.shutdownHooks) await hook();
    for (const [, service] of this.services()) await service.close();
  }

  /** Wraps what was thrown and hands it to errorHandler; never throws itself. */
  readonly handleError = (error: unknown, req: RequestContext, res: ResponseContext): void | Promise<void> => {
    const e = HttpException.from(error);
    if (e.statusCode >= 500) logFailure(e, req);
    if (res.closed) return;
    res.resetBody();
    res.statusCode = e.statusCode;
    const traced = req.trace && traceErrorHandler(req.trace, this.errorHandler_, this.errorHandlerSite, e);
    try {
      const result = this.errorHandler_(e, req, res);
      if (isPromiseLike(result)) {
        const settled = Promise.resolve(result).then(
          (value) => void applyResult(value, res),
          (fatal) => failHard(fatal, res, traced),
        );
        return traced ? settled.then(() => traced.ended()) : settled;
      }
      applyResult(result, res);
    } catch (fatal) {
      failHard(fatal, res, traced);
    }
    traced?.ended();
  };
}

// A console that formats values itself (the playground's) may throw on a hostile thrown value.
function logFailure(e: HttpException, req: RequestContext): void {
  const what = `[halo] ${req.method} ${req.path} failed with ${e.statusCode}:`;
  try {
    console.error(what, e.cause ?? e);
  } catch {
    console.error(what, e.message);
  }
}

function failHard(error: unknown, res: ResponseContext, traced: TracedErrorHandler | null | undefined): void {
  traced?.threw(error);
  console.error('[halo] the error handler itself threw:', error);
  res.resetBody();
  res.statusCode = 500;
  res.headers = { 'content-type': 'text/plain; charset=utf-8' };
  res.write('500 Internal Server Error');
}
