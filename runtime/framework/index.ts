/** The platform-neutral Halo framework. */
export { App } from './app.ts';
export type { AppOptions } from './app.ts';
export type { Handler } from './handler.ts';
export { HttpException } from './http-exception.ts';
export type { HttpExceptionInit, HttpExceptionJson, HttpExceptionOptions } from './http-exception.ts';
export { RequestContext } from './request-context.ts';
export type { MultipartResult } from './request-context.ts';
export { ResponseContext } from './response-context.ts';
export { UploadedFile } from './uploaded-file.ts';
export { Router } from './routing/router.ts';
export { defaultErrorHandler } from './errors/default-error-handler.ts';
export type { ErrorHandler } from './errors/default-error-handler.ts';
export { escapeHtml } from './errors/escape-html.ts';
