import type { TransactionContext, Value } from '@pocketnet/ledger';
import { divNumeric, formatNumeric, parseNumeric } from '@pocketnet/ledger';
import type { AmuletCreateSummary, TransferResult } from './amulet-results.ts';
import { transferResultType } from './amulet-results.ts';
import type {
  AppTransferContext,
  PaymentTransferContext,
  Round,
  Transfer,
  TransferInput,
} from './amulet-types.ts';
import { amuletReferences } from './amulet-types.ts';
import type { RelTime } from './daml-support.ts';
import { addRelTime, dedupSort, laterOf, require } from './daml-support.ts';
import type { PaymentAmount } from './payment-types.ts';
import { fieldOf, readAs, textFieldOf } from './value-readers.ts';

/** The fields of an OpenMiningRound that payments read. */
export type OpenRoundFacts = {
  readonly dso: string;
  readonly round: { readonly number: string };
  readonly amuletPrice: string;
  readonly opensAt: string;
  readonly targetClosesAt: string;
  readonly tickDuration: RelTime;
};

/**
 * Splice's `fetchPublicReferenceData` for a round: through the nonconsuming
 * `OpenMiningRound_Fetch`, which any party may exercise on a round it can see, so the caller
 * needs no stakeholder authority over the DSO's round.
 */
export function fetchOpenRound(
  tx: TransactionContext,
  roundCid: string,
  actor: string,
): OpenRoundFacts {
  const round = tx.exercise(amuletReferences.openMiningRound, roundCid, 'OpenMiningRound_Fetch', {
    p: actor,
  });
  return {
    dso: textFieldOf(round, 'dso'),
    round: { number: textFieldOf(fieldOf(round, 'round'), 'number') },
    amuletPrice: textFieldOf(round, 'amuletPrice'),
    opensAt: textFieldOf(round, 'opensAt'),
    targetClosesAt: textFieldOf(round, 'targetClosesAt'),
    tickDuration: { microseconds: textFieldOf(fieldOf(round, 'tickDuration'), 'microseconds') },
  };
}

/** Splice's `paymentAmountToAmulet`: USD amounts are converted at the round's price. */
export function paymentAmountToAmulet(
  tx: TransactionContext,
  dso: string,
  round: OpenRoundFacts,
  payment: PaymentAmount,
): string {
  switch (payment.unit) {
    case 'USDUnit':
      require(tx, 'matching DSO party', round.dso === dso);
      return formatNumeric(
        divNumeric(parseNumeric(payment.amount), parseNumeric(round.amuletPrice)),
      );
    case 'AmuletUnit':
      return payment.amount;
    case 'ExtUnit':
      return tx.fail('ExtUnit: bare extension constructors are not allowed at runtime');
  }
}

export function exerciseTransfer(
  tx: TransactionContext,
  dso: string,
  call: { readonly amuletRules: string; readonly transfer: Transfer; readonly context: Value },
): TransferResult {
  const result = tx.exercise(
    amuletReferences.amuletRules,
    call.amuletRules,
    'AmuletRules_Transfer',
    {
      transfer: call.transfer,
      context: call.context,
      expectedDso: dso,
    },
  );
  return readAs(transferResultType, result, 'result of AmuletRules_Transfer');
}

/** Splice's `exercisePaymentTransfer`. */
export function exercisePaymentTransfer(
  tx: TransactionContext,
  dso: string,
  context: PaymentTransferContext,
  transfer: Transfer,
): TransferResult {
  return exerciseTransfer(tx, dso, {
    amuletRules: context.amuletRules,
    transfer,
    context: context.context,
  });
}

/** Splice's `exerciseAppTransfer`: no reward inputs, so no issuing rounds or rights. */
export function exerciseAppTransfer(
  tx: TransactionContext,
  dso: string,
  context: AppTransferContext,
  transfer: Transfer,
): TransferResult {
  return exerciseTransfer(tx, dso, {
    amuletRules: context.amuletRules,
    transfer,
    context: {
      openMiningRound: context.openMiningRound,
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: context.featuredAppRight,
    },
  });
}

/** Unlocks a LockedAmulet (owner and every lock holder must authorize); the freed amulet. */
export function unlockAmulet(tx: TransactionContext, lockedAmulet: string): string {
  const result = tx.exercise(
    amuletReferences.lockedAmulet,
    lockedAmulet,
    'LockedAmulet_UnlockV2',
    {},
  );
  return textFieldOf(result, 'amuletCid');
}

/** Returns a LockedAmulet to its owner once its lock has expired; the freed amulet. */
export function expireLockAsOwner(tx: TransactionContext, lockedAmulet: string): string {
  const choice = 'LockedAmulet_OwnerExpireLockV2';
  return textFieldOf(
    tx.exercise(amuletReferences.lockedAmulet, lockedAmulet, choice, {}),
    'amuletCid',
  );
}

/**
 * Splice's AmuletCreateSummary of an amulet returned to its owner, priced at the context's
 * open round (the V1 unlock choices reported it; their V2 successors return the id only).
 */
export function amuletSummaryOf(
  tx: TransactionContext,
  amulet: string,
  context: { readonly openMiningRound: string; readonly actor: string },
): AmuletCreateSummary {
  const round = fetchOpenRound(tx, context.openMiningRound, context.actor);
  return { amulet, amuletPrice: round.amuletPrice, round: round.round };
}

/** The one amulet a transfer created for its single output, as Splice's pattern matches do. */
export function singleCreatedAmulet(
  tx: TransactionContext,
  result: TransferResult,
  tag: 'TransferResultAmulet' | 'TransferResultLockedAmulet',
): string {
  const [created, ...rest] = result.createdAmulets;
  if (created === undefined || rest.length > 0 || created.tag !== tag) {
    return tx.fail(`expected exactly one ${tag} in the transfer result`);
  }
  return String(created.value);
}

export type PaymentLock = {
  readonly dso: string;
  readonly context: PaymentTransferContext;
  readonly round: OpenRoundFacts;
  readonly sender: string;
  readonly walletProvider: string;
  readonly inputs: readonly TransferInput[];
  readonly amount: string;
  readonly holders: readonly string[];
  /** The lock's context text, e.g. `amulet-payment-request: <description>`. */
  readonly optContext: string;
};

/**
 * Locks a payment to its holders in the sender's own name (the first step of app payments and
 * subscriptions); the sender's wallet provider is the app of this step.
 */
export function lockForPayment(
  tx: TransactionContext,
  lock: PaymentLock,
): { readonly lockedAmulet: string; readonly senderChange: string | null; readonly round: Round } {
  // The round stays usable until its targetClosesAt, and at least one tick from now.
  const expiresAt = laterOf(
    addRelTime(tx.now(), lock.round.tickDuration),
    lock.round.targetClosesAt,
  );
  const result = exercisePaymentTransfer(tx, lock.dso, lock.context, {
    sender: lock.sender,
    provider: lock.walletProvider,
    inputs: lock.inputs,
    outputs: [
      {
        receiver: lock.sender,
        amount: lock.amount,
        lock: { holders: dedupSort(lock.holders), expiresAt, optContext: lock.optContext },
        receiverFeeRatio: '0.0',
      },
    ],
    beneficiaries: null,
  });
  const lockedAmulet = singleCreatedAmulet(tx, result, 'TransferResultLockedAmulet');
  return { lockedAmulet, senderChange: result.senderChangeAmulet, round: result.round };
}
