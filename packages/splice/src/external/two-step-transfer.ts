import type { TransactionContext } from '@pocketnet/ledger';
import {
  requireDeadlineExceeded,
  requireWithinDeadline,
  timeMicros,
} from '../amulet/support/time.ts';
import type { ExtraArgs, Metadata } from '../token-standard/metadata-v1.ts';
import {
  createdHoldingCids,
  executeExternalPartyTransfer,
  holdingsToTransferInputs,
  unlockAmulet,
} from './amulet-calls.ts';
import { paymentContextFromChoiceContext } from './amulet-reads.ts';
import type { ExternalPartyTransferContext } from './amulet-types.ts';
import { choiceContextKeys, getContextBool } from './choice-context.ts';

// Splice.Amulet.TwoStepTransfer: lock the amount for the DSO until a deadline, then either
// unlock and transfer it to the receiver or unlock it back to the sender.

export type TwoStepTransfer = {
  readonly dso: string;
  readonly sender: string;
  readonly receiver: string;
  readonly amount: string;
  /** Shown by wallets as the reason of the lock. */
  readonly lockContext: string;
  readonly transferBefore: string;
  readonly transferBeforeDeadline: string;
  /** The app provider of the second step. */
  readonly provider: string;
  readonly allowFeaturing: boolean;
};

export type PreparedTwoStepTransfer = {
  readonly lockedAmulet: string;
  readonly senderChangeCids: string[];
  readonly meta: Metadata;
};

export function prepareTwoStepTransfer(
  tx: TransactionContext,
  transfer: TwoStepTransfer,
  funding: {
    readonly requestedAt: string;
    readonly inputHoldingCids: readonly string[];
    readonly context: ExternalPartyTransferContext;
  },
): PreparedTwoStepTransfer {
  const { dso, sender } = transfer;
  if (timeMicros(funding.requestedAt) >= timeMicros(transfer.transferBefore)) {
    tx.fail(`requestedAt must be before ${transfer.transferBeforeDeadline}`);
  }
  const inputs = holdingsToTransferInputs(tx, { dso, owner: sender }, funding.inputHoldingCids);
  const lock = {
    holders: [dso],
    expiresAt: transfer.transferBefore,
    optContext: transfer.lockContext,
  };
  // splice-amulet 0.1.20 locks the amount itself, with no reserve for fees.
  const result = executeExternalPartyTransfer(tx, dso, funding.context, {
    sender,
    provider: sender,
    inputs,
    outputs: [{ receiver: sender, amount: transfer.amount, lock }],
  });
  const locked = result.createdAmulets[0];
  if (locked?.tag !== 'TransferResultLockedAmulet') return tx.fail('the lock was not created');
  return {
    lockedAmulet: locked.value,
    senderChangeCids: result.senderChangeAmulet === null ? [] : [result.senderChangeAmulet],
    meta: result.meta ?? { values: {} },
  };
}

export type TwoStepOutcome = {
  readonly senderHoldingCids: string[];
  readonly receiverHoldingCids: string[];
  readonly meta: Metadata;
};

export function executeTwoStepTransfer(
  tx: TransactionContext,
  transfer: TwoStepTransfer,
  locked: { readonly lockedAmulet: string; readonly extraArgs: ExtraArgs },
): TwoStepOutcome {
  const { dso, sender } = transfer;
  requireWithinDeadline(tx, transfer.transferBeforeDeadline, transfer.transferBefore);
  const context = paymentContextFromChoiceContext(tx, {
    context: locked.extraArgs.context,
    featured: transfer.allowFeaturing,
  });
  const amuletCid = unlockAmulet(tx, locked.lockedAmulet);
  const result = executeExternalPartyTransfer(tx, dso, context, {
    sender,
    provider: transfer.provider,
    inputs: [{ tag: 'InputAmulet', value: amuletCid }],
    outputs: [{ receiver: transfer.receiver, amount: transfer.amount, lock: null }],
  });
  return {
    senderHoldingCids: result.senderChangeAmulet === null ? [] : [result.senderChangeAmulet],
    receiverHoldingCids: createdHoldingCids(result),
    meta: result.meta ?? { values: {} },
  };
}

/**
 * Returns the locked amount to the sender. The registry says (`expire-lock`) whether the lock
 * still exists; if the owner has already taken it back, only an expired transfer may end.
 */
export function abortTwoStepTransfer(
  tx: TransactionContext,
  transfer: TwoStepTransfer,
  locked: { readonly lockedAmulet: string; readonly extraArgs: ExtraArgs },
): string[] {
  if (getContextBool(tx, locked.extraArgs.context, choiceContextKeys.expireLock)) {
    return [unlockAmulet(tx, locked.lockedAmulet)];
  }
  requireDeadlineExceeded(tx, transfer.transferBeforeDeadline, transfer.transferBefore);
  return [];
}
