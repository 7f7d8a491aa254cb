import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { requireWithinDeadline } from '../support/time.ts';
import { expiringAmountValue, numeric, one } from '../support/values.ts';
import { amulet } from '../templates/amulet.ts';
import { lockedAmulet } from '../templates/locked-amulet.ts';
import type { TimeLock } from '../types/base-types.ts';
import type { CreatedAmulet, TransferOutput } from '../types/transfer-types.ts';
import type { TransferContextSummary } from './transfer-context.ts';

/** An output after checks, with its lock holders deduplicated (PreprocessedTransferOutput). */
export type PreparedOutput = {
  readonly owner: string;
  readonly amount: Numeric;
  readonly lock: TimeLock | null;
};

/** The receiver never holds a lock on its own amulet, and a holder counts once. */
function dedupLockHolders(lock: TimeLock, receiver: string): TimeLock {
  const holders = [...new Set(lock.holders.filter((holder) => holder !== receiver))].sort();
  return { ...lock, holders };
}

function prepareOutput(
  tx: TransactionContext,
  csum: TransferContextSummary,
  output: TransferOutput,
): PreparedOutput {
  const ratio = numeric(output.receiverFeeRatio);
  if (ratio < 0n || ratio > one) {
    tx.fail(`Receiver fee ratio ${output.receiverFeeRatio} is not between 0.0 and 1.0`);
  }
  const lock = output.lock === null ? null : dedupLockHolders(output.lock, output.receiver);
  if (lock !== null) {
    requireWithinDeadline(tx, 'lock.expiresAt', lock.expiresAt);
    if (lock.holders.length > csum.maxNumLockHolders) {
      tx.fail(`Fewer than the allowed number of lock holders (${csum.maxNumLockHolders})`);
    }
  }
  const amount = numeric(output.amount);
  if (amount <= 0n) tx.fail(`Amount is positive: output amount ${output.amount} is not`);
  return { owner: output.receiver, amount, lock };
}

/** Splice's preprocessOutputs: lock and amount checks; no output fees since CIP-78. */
export function prepareOutputs(
  tx: TransactionContext,
  csum: TransferContextSummary,
  outputs: readonly TransferOutput[],
): PreparedOutput[] {
  return outputs.map((output) => prepareOutput(tx, csum, output));
}

function newAmulet(csum: TransferContextSummary, owner: string, amount: Numeric) {
  const expiring = {
    initialAmount: amount,
    createdAt: csum.roundNumber,
    ratePerRound: csum.holdingFeeRate,
  };
  return { dso: csum.dso, owner, amount: expiringAmountValue(expiring) };
}

/** Creates one Amulet (or LockedAmulet) per output and the sender's change, if any. */
export function createOutputs(
  tx: TransactionContext,
  csum: TransferContextSummary,
  outputs: readonly PreparedOutput[],
  change: { readonly sender: string; readonly amount: Numeric },
): { createdAmulets: CreatedAmulet[]; senderChangeAmulet: string | null } {
  const createdAmulets = outputs.map((output): CreatedAmulet => {
    const coin = newAmulet(csum, output.owner, output.amount);
    if (output.lock === null)
      return { tag: 'TransferResultAmulet', value: tx.create(amulet, coin) };
    const cid = tx.create(lockedAmulet, { amulet: coin, lock: output.lock });
    return { tag: 'TransferResultLockedAmulet', value: cid };
  });
  const senderChangeAmulet =
    change.amount > 0n ? tx.create(amulet, newAmulet(csum, change.sender, change.amount)) : null;
  return { createdAmulets, senderChangeAmulet };
}
