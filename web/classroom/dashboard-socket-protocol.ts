import type { DashboardEvent } from './dashboard-state.ts';

/** The class server's answer to one call over the socket. */
export type SocketReply = { id?: number; result?: unknown; error?: { message?: string } };

/** What the page asks of the dashboard's socket worker: open a socket to a URL, send a text, close it. */
export type ToSocketWorker = { open: string } | { send: string } | { close: true };

/**
 * What the socket worker tells the page: the socket opened; a reply to a call; the changes published
 * since the last message, in order; the server asks for a reload of everything (resync); the socket closed.
 */
export type FromSocketWorker =
  { open: true } | { reply: SocketReply } | { events: DashboardEvent[] } | { resync: true } | { closed: { code: number; reason: string } };
