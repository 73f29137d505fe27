import { createContext, use, type ComponentType } from 'react';

/** Controls another feature adds to the exchange panels (the exercise maker's "Add as check"), without this folder knowing it. */
export interface ExchangeSlots {
  /** Shown next to the response's status line. */
  ResponseAction?: ComponentType;
  /** Shown on each message that came in on a WebSocket connection of the request panel (`A` or `B`), by its place in the log. */
  SocketLineAction?: ComponentType<{ connection: string; index: number }>;
}

/** The exchange panels' slots; empty unless a feature fills them. */
export const ExchangeSlotsContext = createContext<ExchangeSlots>({});

/** The slots filled above this component. */
export function useExchangeSlots(): ExchangeSlots {
  return use(ExchangeSlotsContext);
}
