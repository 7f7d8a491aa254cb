import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { scaleUsdToAmulet } from '../../economy/conversions.ts';
import { requireDso, requireRound } from '../support/checked-fetch.ts';
import { requireDeadlineExceeded } from '../support/time.ts';
import { numeric } from '../support/values.ts';
import { externalPartyConfigState } from '../templates/external-party-config-state.ts';
import { featuredAppRight } from '../templates/featured-app.ts';
import type { IssuingMiningRound } from '../templates/rounds.ts';
import { issuingMiningRound, openMiningRound } from '../templates/rounds.ts';
import { validatorRight } from '../templates/validator-right.ts';
import type { Round } from '../types/base-types.ts';
import type { TransferConfigV2 } from '../types/config-types.ts';
import type { Transfer, TransferContext } from '../types/transfer-types.ts';

/** What a transfer needs from its context, fetched and checked once (TransferContextSummaryV2). */
export type TransferContextSummary = {
  readonly dso: string;
  readonly round: Round;
  readonly roundNumber: bigint;
  readonly amuletPrice: Numeric;
  /** Holding fee in amulet per round for the amulets this transfer creates. */
  readonly holdingFeeRate: Numeric;
  readonly maxNumInputs: number;
  readonly maxNumOutputs: number;
  readonly maxNumLockHolders: number;
  readonly featuredAppProvider: string | null;
  /** Issuing rounds by round number. */
  readonly issuingMiningRounds: ReadonlyMap<string, IssuingMiningRound>;
  /** ValidatorRight contract ids by user. */
  readonly validatorRights: ReadonlyMap<string, string>;
};

function limits(config: TransferConfigV2) {
  return {
    maxNumInputs: Number(config.maxNumInputs),
    maxNumOutputs: Number(config.maxNumOutputs),
    maxNumLockHolders: Number(config.maxNumLockHolders),
  };
}

function featuredProvider(
  tx: TransactionContext,
  dso: string,
  cid: string | null,
  provider: string,
) {
  if (cid === null) return null;
  const right = tx.fetch(featuredAppRight, cid);
  requireDso(tx, right, dso, cid);
  if (right.provider !== provider)
    tx.fail(`FeaturedAppRight ${cid} is not of provider ${provider}`);
  return provider;
}

function issuingRounds(tx: TransactionContext, dso: string, context: TransferContext) {
  const rounds = new Map<string, IssuingMiningRound>();
  for (const [round, cid] of context.issuingMiningRounds) {
    const issuing = tx.fetch(issuingMiningRound, cid);
    requireDso(tx, issuing, dso, cid);
    requireRound(tx, issuing, round, cid);
    requireDeadlineExceeded(tx, `issuingRound[${round.number}].opensAt`, issuing.opensAt);
    rounds.set(round.number, issuing);
  }
  return rounds;
}

function validatorRights(
  tx: TransactionContext,
  dso: string,
  context: TransferContext,
  sender: string,
) {
  const rights = new Map<string, string>();
  for (const [user, cid] of context.validatorRights) {
    const right = tx.fetch(validatorRight, cid);
    requireDso(tx, right, dso, cid);
    if (right.validator !== sender || right.user !== user) {
      tx.fail(`ValidatorRight ${cid} is not of validator ${sender} for user ${user}`);
    }
    rights.set(user, cid);
  }
  return rights;
}

/** Splice's summarizeAndValidateContext: the open round must have opened. */
export function summarizeTransferContext(
  tx: TransactionContext,
  dso: string,
  context: TransferContext,
  transfer: Transfer,
): TransferContextSummary {
  const open = tx.fetch(openMiningRound, context.openMiningRound);
  requireDso(tx, open, dso, context.openMiningRound);
  requireDeadlineExceeded(tx, 'openRound.opensAt', open.opensAt);
  const price = numeric(open.amuletPrice);
  const config = open.transferConfigUsd;
  return {
    dso,
    round: open.round,
    roundNumber: BigInt(open.round.number),
    amuletPrice: price,
    holdingFeeRate: scaleUsdToAmulet(numeric(config.holdingFee.rate), price),
    ...limits(config),
    featuredAppProvider: featuredProvider(tx, dso, context.featuredAppRight, transfer.provider),
    issuingMiningRounds: issuingRounds(tx, dso, context),
    validatorRights: validatorRights(tx, dso, context, transfer.sender),
  };
}

/**
 * Splice's summarizeAndValidateExternalPartyContext: an ExternalPartyConfigState stands in for
 * the open round so a prepared transaction stays valid for a day; nothing is minted.
 */
export function summarizeExternalPartyTransferContext(
  tx: TransactionContext,
  dso: string,
  context: { readonly externalPartyConfigState: string; readonly featuredAppRight: string | null },
  transfer: Transfer,
): TransferContextSummary {
  const state = tx.fetch(externalPartyConfigState, context.externalPartyConfigState);
  requireDso(tx, state, dso, context.externalPartyConfigState);
  const price = numeric(state.amuletPrice);
  return {
    dso,
    round: state.holdingFeesOpenRoundNumber,
    roundNumber: BigInt(state.holdingFeesOpenRoundNumber.number),
    amuletPrice: price,
    holdingFeeRate: scaleUsdToAmulet(numeric(state.transferConfig.holdingFee.rate), price),
    ...limits(state.transferConfig),
    featuredAppProvider: featuredProvider(tx, dso, context.featuredAppRight, transfer.provider),
    issuingMiningRounds: new Map(),
    validatorRights: new Map(),
  };
}
