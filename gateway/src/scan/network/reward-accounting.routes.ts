import { DomainError } from '@pocketnet/ledger';
import type { ActivityTotals, RoundAnswer } from '@pocketnet/runtime';
import { Router } from 'express';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { int64Json, int64Of, pathOf } from './scan-params.ts';

const prefix = '/v0/internal/reward-accounting-process/rounds';

type Totals = Extract<RoundAnswer<ActivityTotals>, { status: 'Ok' }>;

const renderTotals = (totals: Totals) => ({
  status: 'Ok',
  round_number: int64Json(totals.roundNumber),
  total_app_activity_weight: int64Json(totals.totalAppActivityWeight),
  active_parties_count: int64Json(totals.activePartiesCount),
  activity_records_count: int64Json(totals.activityRecordsCount),
  total_app_reward_minting_allowance: totals.totalAppRewardMintingAllowance,
  total_app_reward_thresholded: totals.totalAppRewardThresholded,
  total_app_reward_unclaimed: totals.totalAppRewardUnclaimed,
  rewarded_app_provider_parties_count: int64Json(totals.rewardedAppProviderPartiesCount),
});

/** CIP-104 reward accounting (SV-internal): per closed round, a Merkle tree of allowances. */
export function rewardAccountingRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const rewards = scan.network.rewards;
  const roundOf = (params: { round: unknown }) => int64Of(params.round, 'round_number');
  router.get(`${prefix}/earliest-available`, (_req, res) => {
    const earliest = rewards.earliestRound();
    if (earliest === null) {
      throw new DomainError('CONTRACT_NOT_FOUND', 'No round has reward accounting data yet');
    }
    res.json({ earliest_round: int64Json(earliest) });
  });
  router.get(`${prefix}/:round/root-hash`, (req, res) => {
    const answer = rewards.rootHash(roundOf(req.params));
    if (answer.status !== 'Ok') return void res.json({ status: answer.status });
    const { roundNumber, rootHash } = answer;
    res.json({ status: 'Ok', round_number: int64Json(roundNumber), root_hash: rootHash });
  });
  router.get(`${prefix}/:round/activity-totals`, (req, res) => {
    const answer = rewards.activityTotals(roundOf(req.params));
    res.json(answer.status === 'Ok' ? renderTotals(answer) : { status: answer.status });
  });
  router.get(`${prefix}/:round/batches/:hash`, (req, res) => {
    const hash = pathOf(req, 'hash');
    if (!/^[0-9a-f]+$/i.test(hash)) {
      throw new DomainError('INVALID_ARGUMENT', `batch_hash must be hex-encoded, not ${hash}`);
    }
    const batch = rewards.batch(roundOf(req.params), hash.toLowerCase());
    if (batch === null) throw new DomainError('CONTRACT_NOT_FOUND', `No batch with hash ${hash}`);
    res.json(
      batch.kind === 'batches'
        ? { batch_type: 'BatchOfBatches', child_hashes: batch.childHashes }
        : { batch_type: 'BatchOfMintingAllowances', minting_allowances: batch.allowances },
    );
  });
  return router;
}
