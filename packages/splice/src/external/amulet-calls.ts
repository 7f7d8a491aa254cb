import type { TransactionContext } from '@pocketnet/ledger';
import { checkProducedValue } from '@pocketnet/ledger';
import { executeTransfer } from '../amulet/transfer/execute-transfer.ts';
import { summarizeExternalPartyTransferContext } from '../amulet/transfer/transfer-context.ts';
import type { TimeLock } from '../amulet/types/base-types.ts';
import type { TransferInput, TransferResult } from '../amulet/types/transfer-types.ts';
import { transferResultType } from '../amulet/types/transfer-types.ts';
import { holdingInterface } from '../token-standard/holding-v1.ts';
import { amuletInstrumentIdText, amuletReferences } from './amulet-references.ts';
import type { ExternalPartyTransferContext, PaymentTransferContext } from './amulet-types.ts';
import { readText } from './value-readers.ts';

// The amulet-core choices this folder exercises, in one place: AmuletRules_Transfer and the
// LockedAmulet unlocks, with the argument shapes Splice gives them.

export type AmuletOutput = {
  readonly receiver: string;
  readonly amount: string;
  readonly lock: TimeLock | null;
};

export type AmuletTransfer = {
  readonly sender: string;
  readonly provider: string;
  readonly inputs: readonly TransferInput[];
  readonly outputs: readonly AmuletOutput[];
};

/** AmuletRules_Transfer on the context's AmuletRules; fees are zero, so outputs are exact. */
export function exerciseAmuletTransfer(
  tx: TransactionContext,
  dso: string,
  context: PaymentTransferContext,
  transfer: AmuletTransfer,
): TransferResult {
  const raw = tx.exercise(
    amuletReferences.amuletRules,
    context.amuletRules,
    'AmuletRules_Transfer',
    {
      transfer: {
        sender: transfer.sender,
        provider: transfer.provider,
        inputs: transfer.inputs,
        outputs: transfer.outputs.map((output) => ({ ...output, receiverFeeRatio: '0.0' })),
        beneficiaries: null,
      },
      context: context.context,
      expectedDso: dso,
    },
  );
  // The engine checked the result against the choice's declared type, which is this one.
  return checkProducedValue(transferResultType, raw, 'AmuletRules_Transfer') as TransferResult;
}

/**
 * Splice's executeExternalPartyTransfer: the transfer priced from the ExternalPartyConfigState,
 * app rewards issued (as activity markers for a featured provider), no validator rewards. The
 * token-standard steps of splice-amulet 0.1.20 run it in place, with no AmuletRules_Transfer.
 */
export function executeExternalPartyTransfer(
  tx: TransactionContext,
  dso: string,
  context: ExternalPartyTransferContext,
  transfer: AmuletTransfer,
): TransferResult {
  const spec = {
    sender: transfer.sender,
    provider: transfer.provider,
    inputs: transfer.inputs,
    outputs: transfer.outputs.map((output) => ({ ...output, receiverFeeRatio: '0.0' })),
    beneficiaries: null,
  };
  const csum = summarizeExternalPartyTransferContext(tx, dso, context, spec);
  return executeTransfer(tx, csum, spec, { issueAppRewards: true });
}

/** Owner and lock holders release the lock: the amulet comes back unlocked. */
export function unlockAmulet(tx: TransactionContext, lockedAmuletCid: string): string {
  const result = tx.exercise(
    amuletReferences.lockedAmulet,
    lockedAmuletCid,
    'LockedAmulet_UnlockV2',
    {},
  );
  return readText(result, ['amuletCid']);
}

/** The owner takes back an amulet whose lock has expired. */
export function expireLockAsOwner(tx: TransactionContext, lockedAmuletCid: string): string {
  const result = tx.exercise(
    amuletReferences.lockedAmulet,
    lockedAmuletCid,
    'LockedAmulet_OwnerExpireLockV2',
    {},
  );
  return readText(result, ['amuletCid']);
}

/** The amulets of a transfer's outputs, in output order (locked ones included). */
export function createdHoldingCids(result: TransferResult): string[] {
  return result.createdAmulets.flatMap((created) =>
    created.tag === 'ExtCreatedAmulet' ? [] : [created.value],
  );
}

/**
 * Token-standard holdings as transfer inputs: each must be an amulet of the owner. A locked one
 * is taken back first, which succeeds only once its lock has expired.
 */
export function holdingsToTransferInputs(
  tx: TransactionContext,
  owner: { readonly dso: string; readonly owner: string },
  holdingCids: readonly string[],
): TransferInput[] {
  return holdingCids.map((holdingCid) => {
    const view = tx.fetch(holdingInterface, holdingCid);
    const { admin, id } = view.instrumentId;
    if (admin !== owner.dso || id !== amuletInstrumentIdText) {
      tx.fail(`Holding ${holdingCid} is not an amulet of ${owner.dso}`);
    }
    if (view.owner !== owner.owner) {
      tx.fail(`Holding ${holdingCid} is owned by ${view.owner}, not by ${owner.owner}`);
    }
    const amuletCid = view.lock === null ? holdingCid : expireLockAsOwner(tx, holdingCid);
    return { tag: 'InputAmulet', value: amuletCid };
  });
}
