/** The channels through which a client can call a service. */
export type ProviderVia = 'rest' | 'graphql' | 'websocket';

/** Tells a service which channel a client call came through; server-side calls carry none. */
export class Providers {
  /** Calls made over the REST routes of `app.use`. */
  static readonly rest = new Providers('rest');
  /** Calls made through a GraphQL layer. */
  static readonly graphql = new Providers('graphql');
  /** Calls made over a websocket. */
  static readonly websocket = new Providers('websocket');

  /** Creates a provider for the channel `via`. */
  constructor(
    /** The channel name. */
    readonly via: ProviderVia,
  ) {}

  /** Providers are equal when their channels are. */
  equals(other: unknown): boolean {
    return other instanceof Providers && other.via === this.via;
  }

  /** `{"via":"rest"}` on the wire. */
  toJSON(): { via: ProviderVia } {
    return { via: this.via };
  }

  /** `via:rest`. */
  toString(): string {
    return `via:${this.via}`;
  }
}
