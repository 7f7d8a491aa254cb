import { isCantonPartyId } from '@pocketnet/ledger';
import { z } from 'zod';
import { undecodablePartyMessage } from '../http/party-id.ts';

// Request bodies of the validator app's wallet and admin APIs (wallet-internal.yaml,
// wallet-external.yaml, validator-internal.yaml): snake_case, decimals as strings, times as
// unix microseconds.

/** A positive decimal with at most 10 fractional digits, as Daml's Numeric 10. */
const amount = z
  .string()
  .regex(/^\d+(\.\d{1,10})?$/, 'must be a decimal with at most 10 fractional digits')
  .refine((text) => /[1-9]/.test(text), 'must be positive');

/** A party id as Canton spells one; the message names the value, as Splice's does. */
export const party = z.string().refine(isCantonPartyId, {
  error: (issue) => undecodablePartyMessage(issue.input),
});

/** Unix microseconds; JSON numbers up to 2^53 hold any date until the year 2255. */
const micros = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Tracking ids and descriptions end up in Daml Text fields that take fewer than 280 chars. */
const shortText = z.string().max(279);
const trackingId = shortText.min(1);

export const tapRequestSchema = z.object({
  amount,
  command_id: z.string().min(1).optional(),
});

export const listTransactionsRequestSchema = z.object({
  begin_after_id: z.string().optional(),
  page_size: z.number().int().min(1).max(1000),
});

export const createTransferOfferRequestSchema = z.object({
  receiver_party_id: party,
  amount,
  description: shortText,
  expires_at: micros,
  tracking_id: trackingId,
});

export const createTokenStandardTransferRequestSchema = createTransferOfferRequestSchema;

export const transferPreapprovalSendRequestSchema = z.object({
  receiver_party_id: party,
  amount,
  deduplication_id: z.string().min(1),
  description: shortText.optional(),
});

export const createBuyTrafficRequestSchema = z.object({
  receiving_validator_party_id: party,
  domain_id: z.string().min(1),
  traffic_amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  tracking_id: trackingId,
  expires_at: micros,
});

export const onboardUserRequestSchema = z.object({
  name: z.string().min(1).max(255),
  party_id: party.optional(),
  createPartyIfMissing: z.boolean().optional(),
});

export const offboardUserQuerySchema = z.object({ username: z.string().min(1) });
