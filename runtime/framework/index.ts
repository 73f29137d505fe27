/** The platform-neutral Halo framework. */
export { App } from './app.ts';
export type { AppOptions, FetchOptions } from './app.ts';
export type { Handler } from './handler.ts';
export { HttpException } from './http-exception.ts';
export type { HttpExceptionInit, HttpExceptionJson, HttpExceptionOptions } from './http-exception.ts';
export { RequestContext } from './request-context.ts';
export type { MultipartResult } from './request-context.ts';
export { ResponseContext } from './response-context.ts';
export { UploadedFile } from './uploaded-file.ts';
export { Router } from './routing/router.ts';
export type { Mountable, MountedService } from './routing/router.ts';
export { Routable } from './routing/routable.ts';
export { defaultErrorHandler } from './errors/default-error-handler.ts';
export type { ErrorHandler } from './errors/default-error-handler.ts';
export { escapeHtml } from './errors/escape-html.ts';
export { Service } from './services/service.ts';
export type { AnyService, HookedCall, ServiceData, ServiceId } from './services/service-shape.ts';
export type { ServiceParams } from './services/service-params.ts';
export type { Page } from './services/page.ts';
export { Providers } from './services/providers.ts';
export type { ProviderVia } from './services/providers.ts';
export { HookedService } from './services/hooked-service.ts';
export { ServiceEvent } from './services/service-event.ts';
export type { ServiceEventName, ServiceListener, ServiceMethod, ServiceResult } from './services/service-event.ts';
export { Middleware } from './services/middleware.ts';
export type { MiddlewareDecorator } from './services/middleware.ts';
export { MapService } from './services/map-service.ts';
export type { MapData, MapServiceOptions } from './services/map-service.ts';
export { AnonymousService } from './services/anonymous-service.ts';
export type { AnonymousServiceMethods } from './services/anonymous-service.ts';
export { MemoryService } from './services/memory-service.ts';
export type { MemoryServiceOptions, MemoryServiceParams } from './services/memory-service.ts';
export type { MultiMethod, PaginateOptions, QueryParams, QueryServiceOptions } from './services/query/paging.ts';
export { TypedService } from './services/typed-service.ts';
export { classSerializer } from './services/serializer.ts';
export type { PlainMap, Serializer } from './services/serializer.ts';
export { PgService } from './services/pg/pg-service.ts';
export type { PgServiceOptions } from './services/pg/pg-service.ts';
export type { PgConnector, PgDriver, PgRow } from './services/pg/pg-driver.ts';
export { registerPgConnector, setDefaultPgUrl } from './services/pg/pg-databases.ts';
export { RESYNC_MESSAGE, WebSocketProvider, websocket } from './providers/websocket/websocket-provider.ts';
export type { ConnectHook, PublishFilter, WebSocketOptions } from './providers/websocket/websocket-options.ts';
export { SocketConnection } from './providers/websocket/socket-connection.ts';
export type { SocketRequest, SocketTransport } from './providers/websocket/socket-connection.ts';
export type { RateLimit } from './providers/websocket/message-limits.ts';
export type { BusMessage, ChangeBus } from './providers/websocket/change-bus.ts';
export type { ChangeWatcher, ServiceChange } from './services/hooked-service.ts';
export { graphql } from './providers/graphql/graphql-provider.ts';
export type { GraphQLOptions, GraphQLSchemaLike } from './providers/graphql/graphql-provider.ts';
export {
  resolveCreate,
  resolveIndex,
  resolveMethod,
  resolveModify,
  resolveRead,
  resolveRemove,
  resolveUpdate,
} from './providers/graphql/graphql-resolvers.ts';
export type { GraphQLContext, ServiceArgs, ServiceResolver } from './providers/graphql/graphql-resolvers.ts';
export type { AppHttpOptions, LingerLimits, MultipartLimits } from './server-options.ts';
export { Tracer, TraceScope } from './tracing/tracer.ts';
export type { OpenStep } from './tracing/tracer.ts';
export type { Locate } from './source-site.ts';
export type { RequestTrace, TraceLocation, TraceOutcome, TraceStep, TraceStepKind } from './tracing/trace-data.ts';
export { TRACE_HEADER, decodeTraceHeader, encodeTraceHeader } from './tracing/trace-header.ts';
