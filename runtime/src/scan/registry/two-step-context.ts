import type { CreatedNode } from '@pocketnet/ledger';
import { choiceContextKeys as keys } from '@pocketnet/splice';
import {
  type ChoiceContextEntry,
  choiceContextOf,
  type RegistryChoiceContext,
} from './registry-choice-context.ts';
import { notFound, type RegistryLookups } from './registry-lookups.ts';
import { registryReferences as refs } from './registry-references.ts';

// Splice's two-step transfer context, shared by transfer instructions and allocations: the
// amulet transfer context, the LockedAmulet backing the transfer and whether to unlock it.

/** AmuletRules, the newest usable open round and the newest ExternalPartyConfigState. */
export function amuletRulesTransferContext(lookups: RegistryLookups): ChoiceContextEntry[] {
  return [
    { key: keys.amuletRules, contract: lookups.amuletRules() },
    { key: keys.openRound, contract: lookups.latestUsableOpenRound() },
    { key: keys.externalPartyConfigState, contract: lookups.externalPartyConfigState() },
  ];
}

export type TwoStepTransfer = {
  /** Names the contract in a not-found message, e.g. `AmuletAllocation '…'`. */
  readonly description: string;
  readonly lockedAmulet: string;
  readonly expiresAt: string;
  /** Accepting or settling needs the locked amulet; aborting works without it. */
  readonly requireLockedAmulet: boolean;
  /** The app provider whose featured app right is passed on, if the transfer may be featured. */
  readonly featuredProvider: string | null;
};

export function twoStepTransferContext(
  lookups: RegistryLookups,
  synchronizerId: string,
  transfer: TwoStepTransfer,
): RegistryChoiceContext {
  const base = amuletRulesTransferContext(lookups);
  const locked = lookups.active(refs.lockedAmulet, transfer.lockedAmulet);
  if (locked === null) {
    if (transfer.requireLockedAmulet) {
      throw notFound(
        `LockedAmulet '${transfer.lockedAmulet}' not found for ${transfer.description}, which expires on ${transfer.expiresAt}`,
        { contractId: transfer.lockedAmulet },
      );
    }
    // The lock expired and its owner took the amulet back: only say there is nothing to unlock.
    return choiceContextOf(synchronizerId, [{ key: keys.expireLock, flag: false }]);
  }
  const featured: CreatedNode | null =
    transfer.featuredProvider === null ? null : lookups.featuredAppRight(transfer.featuredProvider);
  return choiceContextOf(synchronizerId, [
    ...base,
    { disclose: locked },
    { key: keys.expireLock, flag: true },
    { key: keys.featuredAppRight, contract: featured },
  ]);
}
