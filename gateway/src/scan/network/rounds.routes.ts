import { Router } from 'express';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { contractOf, maybeCached, withState } from './network-contract.render.ts';
import {
  amuletRulesRequestSchema,
  ansRulesRequestSchema,
  externalPartyAmuletRulesRequestSchema,
  miningRoundsRequestSchema,
} from './network-requests.schema.ts';
import { int64Of } from './scan-params.ts';

const idsOf = (...ids: readonly (string | undefined)[]) =>
  new Set(ids.filter((id): id is string => id !== undefined));

/** The rounds: what a wallet caches to build its transfers, and what they charged. */
export function roundsRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const network = scan.network;
  router.post('/v0/open-and-issuing-mining-rounds', (req, res) => {
    const body = miningRoundsRequestSchema.parse(req.body);
    const mapOf = (rounds: ReturnType<typeof network.rounds.open>, cached: readonly string[]) =>
      Object.fromEntries(rounds.map((r) => [r.node.contractId, maybeCached(r, new Set(cached))]));
    res.json({
      time_to_live_in_microseconds: Number(network.rounds.timeToLive()),
      open_mining_rounds: mapOf(network.rounds.open(), body.cached_open_mining_round_contract_ids),
      issuing_mining_rounds: mapOf(
        network.rounds.issuing(),
        body.cached_issuing_round_contract_ids,
      ),
    });
  });
  router.get('/v0/closed-rounds', (_req, res) => {
    res.json({ rounds: network.rounds.closed().map(contractOf) });
  });
  router.get('/v0/amulet-config-for-round', (req, res) => {
    const fees = network.amuletConfigForRound(int64Of(req.query.round, 'round'));
    res.json({
      amulet_create_fee: fees.createFee,
      holding_fee: fees.holdingFee,
      lock_holder_fee: fees.lockHolderFee,
      transfer_fee: { initial: fees.transferFee.initialRate, steps: fees.transferFee.steps },
    });
  });
  router.get('/v0/unclaimed-development-fund-coupons', (_req, res) => {
    const coupons = network.unclaimedDevelopmentFundCoupons().map(withState);
    res.json({ 'unclaimed-development-fund-coupons': coupons });
  });
  return router;
}

/** The rules a wallet caches: sent in full unless the caller has the current contract. */
export function rulesRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const network = scan.network;
  router.post('/v0/amulet-rules', (req, res) => {
    const body = amuletRulesRequestSchema.parse(req.body);
    const cached = idsOf(body.cached_amulet_rules_contract_id);
    res.json({ amulet_rules_update: maybeCached(network.amuletRules(), cached) });
  });
  router.post('/v0/external-party-amulet-rules', (req, res) => {
    const body = externalPartyAmuletRulesRequestSchema.parse(req.body);
    const cached = idsOf(body.cached_external_party_amulet_rules_contract_id);
    const rules = network.externalPartyAmuletRules();
    res.json({ external_party_amulet_rules_update: maybeCached(rules, cached) });
  });
  router.post('/v0/ans-rules', (req, res) => {
    const body = ansRulesRequestSchema.parse(req.body);
    const cached = idsOf(body.cached_ans_rules_contract_id);
    res.json({ ans_rules_update: maybeCached(network.ansRules(), cached) });
  });
  return router;
}
