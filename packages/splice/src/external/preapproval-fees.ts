import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { parseNumeric } from '@pocketnet/ledger';
import { holdingTxMeta } from '../amulet/support/meta.ts';
import { executeTransfer } from '../amulet/transfer/execute-transfer.ts';
import { splitAndBurn } from '../amulet/transfer/split-and-burn.ts';
import { summarizeTransferContext } from '../amulet/transfer/transfer-context.ts';
import type {
  TransferContext,
  TransferInput,
  TransferResult,
} from '../amulet/types/transfer-types.ts';
import { transferPreapprovalFee } from '../economy/preapproval-fee.ts';
import type { Metadata } from '../token-standard/metadata-v1.ts';
import type { PreapprovalFeeConfig } from './amulet-reads.ts';

/**
 * The amulet due for a preapproval covering `coveredMicros` from its validFrom, of which
 * `paidMicros` are paid for already: the free base duration counts once per preapproval, not
 * once per renewal.
 */
export function preapprovalFeeAmulet(options: {
  readonly config: PreapprovalFeeConfig;
  readonly amuletPrice: string;
  readonly coveredMicros: bigint;
  readonly paidMicros: bigint;
}): Numeric {
  const { config } = options;
  const fee = (durationMicros: bigint) =>
    transferPreapprovalFee({
      durationMicros,
      amuletPrice: parseNumeric(options.amuletPrice),
      ...(config.feeUsdPerDay === null ? {} : { feeUsdPerDay: parseNumeric(config.feeUsdPerDay) }),
      ...(config.baseDurationMicros === null
        ? {}
        : { baseDurationMicros: config.baseDurationMicros }),
    }).amulet;
  return fee(options.coveredMicros) - fee(options.paidMicros);
}

export type BurnOutcome = { readonly transferResult: TransferResult; readonly meta: Metadata };

/**
 * Burns the preapproval fee from the payer's inputs (Splice's splitAndBurn at the context's
 * open round). Within the free base duration nothing is due and the inputs are just merged.
 */
export function burnPreapprovalFee(
  tx: TransactionContext,
  fee: {
    readonly dso: string;
    readonly context: TransferContext;
    readonly payer: string;
    readonly inputs: readonly TransferInput[];
    readonly amount: Numeric;
    readonly usage: string;
  },
): BurnOutcome {
  const { payer, inputs, amount, usage } = fee;
  const merge = { sender: payer, provider: payer, inputs, outputs: [], beneficiaries: null };
  const csum = summarizeTransferContext(tx, fee.dso, fee.context, merge);
  if (amount > 0n) {
    const burnt = splitAndBurn(tx, csum, { payer, amount, inputs, usage });
    return { transferResult: burnt.result, meta: burnt.meta };
  }
  const merged = executeTransfer(tx, csum, merge, { issueAppRewards: false });
  return {
    transferResult: { ...merged, meta: null },
    meta: holdingTxMeta({ kind: 'burn', reason: usage }),
  };
}
