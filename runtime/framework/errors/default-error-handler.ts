import type { HttpException } from '../http-exception.ts';
import type { RequestContext } from '../request-context.ts';
import type { ResponseContext } from '../response-context.ts';
import { acceptsHtml } from './accepts-html.ts';
import { renderErrorPage } from './error-page.ts';
import { safeText } from './safe-text.ts';

/** Turns an HttpException into a response; `app.errorHandler` holds one and may be replaced. */
export type ErrorHandler = (e: HttpException, req: RequestContext, res: ResponseContext) => unknown;

/** The default handler: an HTML page when the client explicitly prefers `text/html`, JSON otherwise. */
export const defaultErrorHandler: ErrorHandler = (e, req, res) => {
  res.statusCode = e.statusCode;
  if (acceptsHtml(req.header('accept'))) {
    res.headers['content-type'] = 'text/html; charset=utf-8';
    res.write(renderErrorPage(e));
    res.close();
  } else {
    sendJson(e, res);
  }
};

// Handlers may have put values JSON cannot hold (a BigInt, a cycle) into message or errors: send their text.
function sendJson(e: HttpException, res: ResponseContext): void {
  const body = e.toJson();
  try {
    res.json(body);
  } catch {
    const errors = Array.isArray(body.errors) ? body.errors.map((error) => safeText(error, '')) : [];
    res.json({ ...body, message: safeText(body.message, ''), errors });
  }
}
