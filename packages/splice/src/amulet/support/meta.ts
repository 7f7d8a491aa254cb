import type { Numeric } from '@pocketnet/ledger';
import type { Metadata } from '../../token-standard/metadata-v1.ts';
import { showDecimal } from './values.ts';

// Splice.Amulet.TokenApiUtils metadata: what kind of holding change a transaction is, its
// reason, sender and burn, and the rewards minted into it.

const splicePrefix = 'splice.lfdecentralizedtrust.org/';
const amuletPrefix = `amulet.${splicePrefix}`;

export const metaKeys = {
  txKind: `${splicePrefix}tx-kind`,
  sender: `${splicePrefix}sender`,
  reason: `${splicePrefix}reason`,
  burned: `${splicePrefix}burned`,
  createdInRound: `${amuletPrefix}created-in-round`,
  ratePerRound: `${amuletPrefix}rate-per-round`,
  appRewards: `${amuletPrefix}app-rewards`,
  validatorRewards: `${amuletPrefix}validator-rewards`,
  svRewards: `${amuletPrefix}sv-rewards`,
  developmentFund: `${amuletPrefix}development-fund`,
  unclaimedActivityRecords: `${amuletPrefix}unclaimed-activity-records`,
} as const;

export type TxKind = 'merge-split' | 'transfer' | 'burn' | 'mint' | 'unlock' | 'expire-dust';

/** Splice's holdingTxMeta; `burned` is only recorded when something was burnt. */
export function holdingTxMeta(options: {
  readonly kind: TxKind;
  readonly reason?: string;
  readonly sender?: string;
  readonly burned?: Numeric;
}): Metadata {
  const values: Record<string, string> = { [metaKeys.txKind]: options.kind };
  if (options.reason !== undefined) values[metaKeys.reason] = options.reason;
  if (options.sender !== undefined) values[metaKeys.sender] = options.sender;
  if (options.burned !== undefined && options.burned > 0n) {
    values[metaKeys.burned] = showDecimal(options.burned);
  }
  return { values };
}

/** Left-biased union, as Daml's Metadata semigroup: keys of `first` win. */
export function mergeMeta(first: Metadata, second: Metadata): Metadata {
  return { values: { ...second.values, ...first.values } };
}

/** The reward-input keys of a transfer's metadata, for the amounts that are not zero. */
export function rewardInputMeta(amounts: Readonly<Record<string, Numeric>>): Metadata {
  const values: Record<string, string> = {};
  for (const [key, amount] of Object.entries(amounts)) {
    if (amount !== 0n) values[key] = showDecimal(amount);
  }
  return { values };
}
