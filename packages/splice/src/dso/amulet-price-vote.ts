import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import {
  addNumeric,
  defineTemplate,
  divNumeric,
  formatNumeric,
  numericFromInt,
  parseNumeric,
  t,
} from '@pocketnet/ledger';
import { spliceDsoGovernance } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { require } from '../wallet-payments/daml-support.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import type { DsoRulesPayload } from './dso-types.ts';
import { dsoReferences, dsoTemplateId, isSv } from './dso-types.ts';

/** Splice.DSO.AmuletPrice:AmuletPriceVote — one SV's vote on the amulet price (USD per CC). */
export const amuletPriceVote: TemplateDefinition = tiedToSplice(
  spliceDsoGovernance['Splice.DSO.AmuletPrice'].AmuletPriceVote,
  defineTemplate({
    id: dsoTemplateId('Splice.DSO.AmuletPrice', 'AmuletPriceVote'),
    fields: {
      dso: t.party(),
      sv: t.party(),
      amuletPrice: t.optional(t.numeric(10)),
      lastUpdatedAt: t.time(),
    },
    signatories: (vote) => [vote.dso],
  }),
  {},
);

/** Median of sorted prices; the mean of the middle two for an even count. */
function median(sorted: readonly bigint[]): bigint {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0n;
  if (sorted.length % 2 === 1) return upper;
  return divNumeric(addNumeric(sorted[middle - 1] ?? 0n, upper), numericFromInt(2));
}

/**
 * Splice's `fetchMedianAmuletPrice`: the median of the current SVs' price votes, one vote per
 * SV, which becomes the price of the next open round.
 */
export function medianAmuletPrice(
  tx: TransactionContext,
  rules: DsoRulesPayload,
  voteCids: readonly string[],
): string {
  const voters = new Set<string>();
  const prices: bigint[] = [];
  for (const cid of voteCids) {
    const vote = tx.fetch(dsoReferences.amuletPriceVote, cid);
    const sv = textFieldOf(vote, 'sv');
    require(tx, 'matching DSO party', textFieldOf(vote, 'dso') === rules.dso);
    require(tx, 'Voter is an SV', isSv(rules, sv));
    require(tx, 'One vote per SV', !voters.has(sv));
    voters.add(sv);
    const price = fieldOf(vote, 'amuletPrice');
    if (typeof price === 'string') prices.push(parseNumeric(price));
  }
  if (prices.length === 0) return tx.fail('No amulet price votes');
  return formatNumeric(median(prices.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
}
