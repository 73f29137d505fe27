/**
 * Where learner code registered a route, middleware, hook or error handler: an Error made at the
 * registration call. V8 and the other engines capture the frames cheaply and format the stack only
 * when it is read, which only a trace does; the host maps it to the learner's file and line.
 */
export type SourceSite = Error;

/** Finds the learner's file and line in a stack (the host knows which frames are the learner's). */
export type Locate = (stack: string) => { file: string; line: number; column: number } | undefined;

/** The site of the call that called the function calling this. */
export function captureSite(): SourceSite {
  return new Error('registered here');
}

/** Sites of middleware given to `@Middleware`, kept by function (routes know the sites of their own handlers). */
const middlewareSites = new WeakMap<object, SourceSite>();

/** Remembers where `handler` was declared as middleware (the first place wins). */
export function noteMiddlewareSite(handler: object, site: SourceSite): void {
  if (!middlewareSites.has(handler)) middlewareSites.set(handler, site);
}

/** Where `handler` was declared as `@Middleware`, if it was. */
export function middlewareSite(handler: object): SourceSite | undefined {
  return middlewareSites.get(handler);
}
