import { z } from 'zod';

// Request bodies of Scan's network operations, as scan.yaml and common-internal.yaml give them.

const contractIds = z.array(z.string());

export const miningRoundsRequestSchema = z.object({
  cached_open_mining_round_contract_ids: contractIds,
  cached_issuing_round_contract_ids: contractIds,
});

export const amuletRulesRequestSchema = z.object({
  cached_amulet_rules_contract_id: z.string().optional(),
  cached_amulet_rules_domain_id: z.string().optional(),
});

export const externalPartyAmuletRulesRequestSchema = z.object({
  cached_external_party_amulet_rules_contract_id: z.string().optional(),
  cached_external_party_amulet_rules_domain_id: z.string().optional(),
});

export const ansRulesRequestSchema = z.object({
  cached_ans_rules_contract_id: z.string().optional(),
  cached_ans_rules_domain_id: z.string().optional(),
});

export const voteRequestsByIdRequestSchema = z.object({ vote_request_contract_ids: contractIds });

export const voteResultsRequestSchema = z.object({
  actionName: z.string().optional(),
  accepted: z.boolean().optional(),
  requester: z.string().optional(),
  effectiveFrom: z.string().optional(),
  effectiveTo: z.string().optional(),
  limit: z.number().int().positive(),
  pageToken: z.number().int().optional(),
});

export const previousSvRewardWeightRequestSchema = z.object({
  svParty: z.string().min(1),
  effectiveBefore: z.string().optional(),
});
