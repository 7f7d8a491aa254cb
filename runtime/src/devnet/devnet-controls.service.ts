import {
  DomainError,
  formatMicros,
  formatNumeric,
  type ParticipantState,
  parseNumeric,
} from '@pocketnet/ledger';
import { accessOf, type Caller, requireAdmin } from '../services/caller.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import type { Scheduler } from '../time/scheduler.ts';

const maxRoundsPerCall = 1000;

/**
 * The devnet's time machine: read the node's time, move it forward (everything that falls due
 * on the way happens, in order, before the call returns), open rounds, and set the amulet price
 * the next round opens with. Only a participant admin may use it, and only on a devnet.
 */
export function createDevnetControls(deps: {
  participant: ParticipantState;
  clock: ControllableClock;
  scheduler: Scheduler;
  /** When the next open mining round opens (its predecessor's close is due), if any. */
  nextRoundOpensAt: () => bigint | null;
  isDevnet: boolean;
  /** Where the clock was moved to and the price set are journaled before a call answers. */
  durable: {
    journalClock(): Promise<void>;
    journalPrice(price: string): Promise<void>;
    amuletPrice(): string | null;
  };
}) {
  const guard = (caller: Caller) => {
    requireAdmin(accessOf(caller, deps.participant));
    if (!deps.isDevnet) {
      throw new DomainError(
        'PERMISSION_DENIED',
        'Time and rounds can only be controlled on a devnet',
      );
    }
  };
  const now = () => ({
    micros: deps.clock.nowMicros(),
    time: formatMicros(deps.clock.nowMicros()),
  });
  const service = {
    now(caller: Caller) {
      guard(caller);
      return now();
    },
    async advanceTime(caller: Caller, micros: bigint) {
      guard(caller);
      if (micros < 0n) throw new DomainError('INVALID_ARGUMENT', 'Time can only move forward');
      await deps.scheduler.advanceTo(deps.clock.nowMicros() + micros);
      await deps.durable.journalClock();
      return now();
    },
    async setTime(caller: Caller, micros: bigint) {
      guard(caller);
      if (micros < deps.clock.nowMicros()) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `Time can only move forward, not back to ${formatMicros(micros)}`,
        );
      }
      await deps.scheduler.advanceTo(micros);
      await deps.durable.journalClock();
      return now();
    },
    async advanceRounds(caller: Caller, count: number) {
      guard(caller);
      if (!Number.isInteger(count) || count < 1 || count > maxRoundsPerCall) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `count must be an integer from 1 to ${maxRoundsPerCall}`,
        );
      }
      for (let opened = 0; opened < count; opened++) {
        const opensAt = deps.nextRoundOpensAt();
        if (opensAt === null)
          throw new DomainError('INVALID_ARGUMENT', 'There are no mining rounds to advance');
        await deps.scheduler.advanceTo(
          opensAt > deps.clock.nowMicros() ? opensAt : deps.clock.nowMicros(),
        );
      }
      await deps.durable.journalClock();
      return now();
    },
    async setAmuletPrice(caller: Caller, price: string) {
      guard(caller);
      const parsed = parseNumeric(price);
      if (parsed <= 0n)
        throw new DomainError('INVALID_ARGUMENT', 'The amulet price must be positive');
      const amuletPrice = formatNumeric(parsed);
      await deps.durable.journalPrice(amuletPrice);
      return { amuletPrice };
    },
    /** The price the next round opens with, if one was set. */
    amuletPrice: () => deps.durable.amuletPrice(),
  };
  return service satisfies DevnetControls;
}

/** The node's clock, in microseconds and as text. */
export type DevnetTime = { micros: bigint; time: string };

export interface DevnetControls {
  now(caller: Caller): DevnetTime;
  advanceTime(caller: Caller, micros: bigint): Promise<DevnetTime>;
  setTime(caller: Caller, micros: bigint): Promise<DevnetTime>;
  advanceRounds(caller: Caller, count: number): Promise<DevnetTime>;
  setAmuletPrice(caller: Caller, price: string): Promise<{ amuletPrice: string }>;
}
