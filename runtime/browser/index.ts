/** Halo for the browser: the framework plus the in-playground adapter. */
export * from '../framework/index.ts';

/** Registers an App with the playground (the browser adapter is built in the playground engine issue). */
export class AppHttp {
  /** Binds the adapter to `app`. */
  constructor(readonly app: unknown) {}

  /** Not available yet in the browser. */
  startServer(_host?: string, _port?: number): Promise<never> {
    return Promise.reject(new Error('AppHttp for the browser is not available yet.'));
  }
}
