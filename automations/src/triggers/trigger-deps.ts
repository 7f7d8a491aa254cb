import type { ProcessorDeps } from '../processors/processor-deps.ts';
import type { AwaitingFunds } from './awaiting-funds.ts';

/** What triggers read besides what processors call: the config's acceptances and sweeps. */
export type TriggerDeps = ProcessorDeps & {
  /** Receiver → the senders whose offers it accepts. */
  readonly autoAccept: ReadonlyMap<string, ReadonlySet<string>>;
  readonly sweepSenders: readonly string[];
  /** Accepted offers whose sender could not pay yet: their completion waits for its holdings. */
  readonly awaitingFunds: AwaitingFunds;
};
