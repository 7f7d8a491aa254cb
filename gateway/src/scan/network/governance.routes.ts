import { DomainError } from '@pocketnet/ledger';
import { Router } from 'express';
import { requireParty } from '../../http/party-id.ts';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { contractOf } from './network-contract.render.ts';
import {
  previousSvRewardWeightRequestSchema,
  voteRequestsByIdRequestSchema,
  voteResultsRequestSchema,
} from './network-requests.schema.ts';
import { int64Json, listQueryOf, optionalIntOf, pathOf } from './scan-params.ts';

/** Validators onboarded by the DSO: their licences and faucet statistics. */
export function validatorRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const licenses = scan.network.licenses;
  router.get('/v0/admin/validator/licenses', (req, res) => {
    const page = licenses.page({
      after: optionalIntOf(req.query.after, 'after'),
      limit: optionalIntOf(req.query.limit, 'limit'),
    });
    res.json({
      validator_licenses: page.licenses.map(contractOf),
      ...(page.nextPageToken === null ? {} : { next_page_token: page.nextPageToken }),
    });
  });
  router.get('/v0/validators/validator-faucets', (req, res) => {
    const validators = listQueryOf(req, 'validator_ids');
    if (validators.length === 0) {
      throw new DomainError('INVALID_ARGUMENT', 'Query parameter validator_ids is required');
    }
    for (const validator of validators) requireParty(validator);
    const validatorsReceivedFaucets = licenses.faucets(validators).map((faucets) => ({
      validator: faucets.validator,
      numRoundsCollected: int64Json(faucets.numRoundsCollected),
      numRoundsMissed: int64Json(faucets.numRoundsMissed),
      firstCollectedInRound: int64Json(faucets.firstCollectedInRound),
      lastCollectedInRound: int64Json(faucets.lastCollectedInRound),
    }));
    res.json({ validatorsReceivedFaucets });
  });
  return router;
}

/** The DSO's vote requests (a one-SV devnet DSO without voting has none). */
export function voteRequestRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const governance = scan.network.governance;
  router.post('/v0/voterequest', (req, res) => {
    const { vote_request_contract_ids: ids } = voteRequestsByIdRequestSchema.parse(req.body);
    const found = ids.flatMap((id) => {
      const request = governance.voteRequest(id);
      return request === null ? [] : [contractOf(request)];
    });
    res.json({ vote_requests: found });
  });
  router.get('/v0/voterequests/:contractId', (req, res) => {
    const contractId = pathOf(req, 'contractId');
    const request = governance.voteRequest(contractId);
    if (request === null) {
      throw new DomainError('CONTRACT_NOT_FOUND', `No VoteRequest found contract: ${contractId}`);
    }
    res.json({ dso_rules_vote_request: contractOf(request) });
  });
  router.get('/v0/admin/sv/voterequests', (_req, res) => {
    res.json({ dso_rules_vote_requests: governance.voteRequests().map(contractOf) });
  });
  return router;
}

/** The SVs' other governance: price votes, vote results, reward weights. */
export function governanceRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const governance = scan.network.governance;
  router.get('/v0/amulet-price/votes', (_req, res) => {
    res.json({ amulet_price_votes: governance.amuletPriceVotes().map(contractOf) });
  });
  router.post('/v0/admin/sv/voteresults', (req, res) => {
    const request = voteResultsRequestSchema.parse(req.body);
    res.json({ dso_rules_vote_results: governance.voteResults().slice(0, request.limit) });
  });
  router.post('/v0/admin/sv/previous-sv-reward-weight', (req, res) => {
    const request = previousSvRewardWeightRequestSchema.parse(req.body);
    const before = request.effectiveBefore ?? null;
    const weight = governance.previousSvRewardWeight(request.svParty, before);
    res.json(weight === null ? {} : { rewardWeight: weight });
  });
  return router;
}
