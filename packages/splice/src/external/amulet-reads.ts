import type { TransactionContext, Value } from '@pocketnet/ledger';
import type { Round } from '../amulet/types/base-types.ts';
import type { ChoiceContext } from '../token-standard/metadata-v1.ts';
import { amuletReferences } from './amulet-references.ts';
import type { ExternalPartyTransferContext } from './amulet-types.ts';
import {
  choiceContextKeys,
  getContextContractId,
  lookupContextContractId,
} from './choice-context.ts';
import { readField, readOptionalText, readText } from './value-readers.ts';

// Reading amulet-core contracts by reference, each checked to belong to the expected DSO.

function requireDso(tx: TransactionContext, payload: Value, dso: string, what: string): void {
  const actual = readText(payload, ['dso']);
  if (actual !== dso) tx.fail(`${what} belongs to DSO ${actual}, expected ${dso}`);
}

export type OpenRoundInfo = {
  readonly round: Round;
  readonly amuletPrice: string;
  /** USD, from the round's transfer configuration. */
  readonly extraFeaturedAppRewardAmount: string;
};

export function fetchOpenRound(tx: TransactionContext, dso: string, cid: string): OpenRoundInfo {
  const payload = tx.fetch(amuletReferences.openMiningRound, cid);
  requireDso(tx, payload, dso, 'OpenMiningRound');
  return {
    round: { number: readText(payload, ['round', 'number']) },
    amuletPrice: readText(payload, ['amuletPrice']),
    extraFeaturedAppRewardAmount: readText(payload, [
      'transferConfigUsd',
      'extraFeaturedAppRewardAmount',
    ]),
  };
}

export type PreapprovalFeeConfig = {
  /** USD per day, when the config sets one. */
  readonly feeUsdPerDay: string | null;
  readonly baseDurationMicros: bigint | null;
};

/** The preapproval fee settings of the AmuletRules' current config (`initialValue`). */
export function readPreapprovalFeeConfig(amuletRules: Value): PreapprovalFeeConfig {
  const config = readField(amuletRules, ['configSchedule', 'initialValue']);
  const base = readField(config, ['transferPreapprovalBaseDuration']);
  return {
    feeUsdPerDay: readOptionalText(config, ['transferPreapprovalFee']),
    baseDurationMicros: base === null ? null : BigInt(readText(base, ['microseconds'])),
  };
}

export function fetchAmuletRules(tx: TransactionContext, dso: string, cid: string): Value {
  const payload = tx.fetch(amuletReferences.amuletRules, cid);
  requireDso(tx, payload, dso, 'AmuletRules');
  return payload;
}

/** The FeaturedAppRight must be the DSO's grant to exactly this provider. */
export function requireFeaturedAppRight(
  tx: TransactionContext,
  options: { readonly dso: string; readonly provider: string; readonly cid: string },
): void {
  const payload = tx.fetch(amuletReferences.featuredAppRight, options.cid);
  requireDso(tx, payload, options.dso, 'FeaturedAppRight');
  const provider = readText(payload, ['provider']);
  if (provider !== options.provider) {
    tx.fail(`FeaturedAppRight is for ${provider}, not for provider ${options.provider}`);
  }
}

/**
 * Splice's (un)featuredPaymentContextFromChoiceContext as splice-amulet 0.1.20 has them: the
 * token-standard steps price from the registry's ExternalPartyConfigState, not an open round
 * (the amulets they create are dated its `holdingFeesOpenRoundNumber`), and carry the
 * featured-app right only when the transfer may be featured.
 */
export function paymentContextFromChoiceContext(
  tx: TransactionContext,
  options: { readonly context: ChoiceContext; readonly featured: boolean },
): ExternalPartyTransferContext {
  const { context } = options;
  return {
    externalPartyConfigState: getContextContractId(
      tx,
      context,
      choiceContextKeys.externalPartyConfigState,
    ),
    featuredAppRight: options.featured
      ? lookupContextContractId(tx, context, choiceContextKeys.featuredAppRight)
      : null,
  };
}

/**
 * Splice's externalPartyTransferFromChoiceContext: the ExternalPartyConfigState (which a day's
 * worth of rounds share, so a signed transfer stays valid ~24 h) and the featured-app right.
 */
export function externalPartyTransferContextFromChoiceContext(
  tx: TransactionContext,
  context: ChoiceContext,
): ExternalPartyTransferContext {
  return {
    externalPartyConfigState: getContextContractId(
      tx,
      context,
      choiceContextKeys.externalPartyConfigState,
    ),
    featuredAppRight: lookupContextContractId(tx, context, choiceContextKeys.featuredAppRight),
  };
}
