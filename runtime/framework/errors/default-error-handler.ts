import type { HttpException } from '../http-exception.ts';
import type { RequestContext } from '../request-context.ts';
import type { ResponseContext } from '../response-context.ts';
import { acceptsHtml } from './accepts-html.ts';
import { renderErrorPage } from './error-page.ts';

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
    res.json(e.toJson());
  }
};
