import { z } from 'zod';

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

export const setupProposalRequestSchema = z.object({ user_party_id: z.string().min(1) });

export const prepareAcceptRequestSchema = z.object({
  contract_id: z.string().min(1),
  user_party_id: z.string().min(1),
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

export const balanceQuerySchema = z.object({ party_id: z.string().min(1) });
