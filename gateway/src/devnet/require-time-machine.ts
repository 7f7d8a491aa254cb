import { DomainError } from '@pocketnet/ledger';
import type { TimeMachine } from '@pocketnet/runtime';

/** The node's time machine, or UNAVAILABLE: a gateway made without one (tests, replicas). */
export function requireTimeMachine(timeMachine: TimeMachine | undefined): TimeMachine {
  if (!timeMachine) {
    throw new DomainError(
      'UNAVAILABLE',
      'This node has no time machine: snapshots need a node started by `pocketnet start`',
    );
  }
  return timeMachine;
}
