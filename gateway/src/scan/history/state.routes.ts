import { Router } from 'express';
import { sendJson } from '../../http/send-json.ts';
import type { HistoryRendering } from '../scan-history.routes.ts';
import {
  acsRequestSchema,
  holdingsStateRequestSchema,
  holdingsSummaryRequestSchema,
  snapshotAfterQuerySchema,
  snapshotTimestampQuerySchema,
} from './history-requests.schema.ts';
import { renderPartyAcs } from './render/acs.render.ts';
import { formatScanTime } from './render/record-time.ts';
import { sendJsonChunks } from './send-json-chunks.ts';

type SnapshotFields = {
  migration_id: number;
  record_time: string;
  record_time_match: 'exact' | 'at_or_before';
};

const snapshotOf = (body: SnapshotFields) => ({
  migrationId: body.migration_id,
  recordTime: body.record_time,
  match: body.record_time_match,
});

/** The ACS as of a snapshot: its timestamps, contracts, holdings and holdings summaries. */
export function stateRoutes(rendering: HistoryRendering): Router {
  const router = Router();
  const { state, partyAcs } = rendering.history;
  const answers = rendering.state;
  const timestamp = (micros: number) => ({ record_time: formatScanTime(micros) });
  router.get('/v0/state/acs/snapshot-timestamp', (req, res) => {
    const query = snapshotTimestampQuerySchema.parse(req.query);
    sendJson(res, timestamp(state.snapshotBefore(query.before, query.migration_id)));
  });
  router.get('/v0/state/acs/snapshot-timestamp-after', (req, res) => {
    const query = snapshotAfterQuerySchema.parse(req.query);
    sendJson(res, timestamp(state.snapshotAfter(query.after, query.migration_id)));
  });
  router.post('/v0/state/acs/force', (_req, res) => {
    const snapshot = state.force();
    sendJson(res, {
      record_time: formatScanTime(snapshot.recordTimeMicros),
      migration_id: snapshot.migrationId,
    });
  });
  for (const version of ['v0', 'v1'] as const) {
    router.post(`/${version}/state/acs`, (req, res) => {
      const body = acsRequestSchema.parse(req.body);
      const request = {
        ...snapshotOf(body),
        after: body.after ?? null,
        pageSize: body.page_size,
        partyIds: body.party_ids ?? null,
        templates: body.templates ?? null,
      };
      sendJsonChunks(res, answers.acs(request, version));
    });
    router.post(`/${version}/holdings/state`, (req, res) => {
      const body = holdingsStateRequestSchema.parse(req.body);
      const request = {
        ...snapshotOf(body),
        after: body.after ?? null,
        pageSize: body.page_size,
        owners: body.owner_party_ids,
      };
      sendJsonChunks(res, answers.holdings(request, version));
    });
    router.post(`/${version}/holdings/summary`, (req, res) => {
      const body = holdingsSummaryRequestSchema.parse(req.body);
      const request = {
        ...snapshotOf(body),
        owners: body.owner_party_ids,
        asOfRound: body.as_of_round ?? null,
      };
      sendJson(res, answers.holdingsSummary(request, version));
    });
  }
  router.get('/v0/acs/:party', (req, res) => {
    const recordTime = typeof req.query.record_time === 'string' ? req.query.record_time : null;
    const entries = partyAcs(req.params.party, recordTime);
    sendJson(res, renderPartyAcs(entries, { values: rendering.values }));
  });
  return router;
}
