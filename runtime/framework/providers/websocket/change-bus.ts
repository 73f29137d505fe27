/** A change as it travels between processes: which process made it, its event name and data. */
export interface BusMessage {
  /** The id of the process (provider) that published it, so it can skip its own. */
  origin: string;
  /** `todos created`, … */
  event: string;
  /** The changed record(s), as the after-hooks left them. */
  data: unknown;
}

/**
 * Carries changes between the processes of one program (several Halo servers behind a load
 * balancer), so a change made through one reaches the sockets of all. The WebSocket provider
 * publishes every change it may share and delivers what it receives from other origins.
 */
export interface ChangeBus {
  /** Sends `message` to every process (its own included; the provider skips its own origin). */
  publish(message: BusMessage): Promise<void>;
  /**
   * Calls `listener` for every message from now on; resolves once listening. A bus that may miss
   * messages (it lost its connection, or dropped changes it could not send) calls `gap` once it
   * listens again, so the provider can tell its clients to refetch.
   */
  subscribe(listener: (message: BusMessage) => void, gap?: () => void): Promise<void>;
  /** Stops listening and lets go of the connection. */
  close(): Promise<void>;
}
