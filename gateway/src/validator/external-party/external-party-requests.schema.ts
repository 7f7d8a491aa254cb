import { z } from 'zod';
import { party } from '../validator-requests.schema.ts';

// Request bodies of the validator API's external-party administration (validator-internal.yaml).

const hex = z.string().regex(/^([0-9a-fA-F]{2})+$/, 'must be hex-encoded');

export const generateTopologyRequestSchema = z.object({
  party_hint: z.string().min(1),
  public_key: hex,
});

export const submitTopologyRequestSchema = z.object({
  public_key: hex,
  signed_topology_txs: z
    .array(z.object({ topology_tx: z.string().min(1), signed_hash: hex }))
    .min(1),
});

export const setupProposalRequestSchema = z.object({ user_party_id: party });

export const prepareAcceptRequestSchema = z.object({
  contract_id: z.string().min(1),
  user_party_id: party,
  verbose_hashing: z.boolean().optional(),
});

export const externalPartySubmissionSchema = z.object({
  submission: z.object({
    party_id: z.string().min(1),
    transaction: z.string().min(1),
    signed_tx_hash: hex,
    public_key: hex,
  }),
});

/** PrepareTransferPreapprovalSendRequest: the amount is a JSON number, the expiry a date-time. */
export const prepareSendRequestSchema = z.object({
  sender_party_id: party,
  receiver_party_id: party,
  amount: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?$/)]),
  expires_at: z.string().datetime({ offset: true }),
  nonce: z.number().int().nonnegative(),
  verbose_hashing: z.boolean().optional(),
});

/** A JSON number (or decimal text) as a decimal with at most ten places. */
export const decimalTextOf = (amount: number | string): string =>
  typeof amount === 'string' ? amount : amount.toFixed(10);

/** An RFC 3339 date-time in microseconds since the epoch. */
export function microsOfDateTime(text: string): bigint {
  const fraction = /\.(\d+)/.exec(text)?.[1] ?? '';
  const wholeSeconds = Math.floor(Date.parse(text.replace(/\.\d+/, '')) / 1000);
  return BigInt(wholeSeconds) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
}
