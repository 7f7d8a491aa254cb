import type { JournalRecord } from '@pocketnet/ledger';

/**
 * A reader of the shared journal (a Redis Stream, automations/src/redis), as a replica needs
 * it: every record in order with its position (1-based, gapless), then every record appended
 * later, as it is appended. The runtime defines the port; the composition root plugs in Redis.
 */
export type JournalFollower = {
  /**
   * Hands over every record after position `from`, in order, then keeps following the journal
   * (reconnecting by itself); resolves once it has handed over all the journal held when called.
   */
  follow(from: number, onRecord: (record: JournalRecord, position: number) => void): Promise<void>;
  /** The position of the last durable record, read from the journal now (fails fast offline). */
  head(): Promise<number>;
  /** Whether the journal is reachable now. */
  isConnected(): boolean;
  close(): Promise<void>;
};
