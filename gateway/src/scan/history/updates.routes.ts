import { Router } from 'express';
import { sendJson } from '../../http/send-json.ts';
import type { HistoryRendering } from '../scan-history.routes.ts';
import {
  encodingQuerySchema,
  losslessQuerySchema,
  transactionHistoryRequestSchema,
  updateHistoryRequestSchema,
  updateHistoryV0RequestSchema,
} from './history-requests.schema.ts';
import { sendJsonChunks } from './send-json-chunks.ts';

type After = { after_migration_id: number; after_record_time: string } | undefined;

const afterOf = (after: After) =>
  after ? { migrationId: after.after_migration_id, recordTime: after.after_record_time } : null;

/** The update and event history: pages by (migration id, record time), and single updates. */
export function updatesRoutes(rendering: HistoryRendering): Router {
  const router = Router();
  const { updates } = rendering;
  for (const version of ['v1', 'v2'] as const) {
    router.post(`/${version}/updates`, (req, res) => {
      const body = updateHistoryRequestSchema.parse(req.body);
      const page = updates.updates({
        after: afterOf(body.after),
        pageSize: body.page_size,
        encoding: body.daml_value_encoding,
        version,
      });
      sendJsonChunks(res, page);
    });
    router.get(`/${version}/updates/:update_id`, (req, res) => {
      const { daml_value_encoding: encoding } = encodingQuerySchema.parse(req.query);
      sendJsonChunks(res, updates.updateById(req.params.update_id, { encoding, version }));
    });
  }
  router.post('/v0/updates', (req, res) => {
    const body = updateHistoryV0RequestSchema.parse(req.body);
    const encoding = body.lossless ? 'protobuf_json' : 'compact_json';
    const { page_size: pageSize } = body;
    const after = afterOf(body.after);
    sendJsonChunks(res, updates.updates({ after, pageSize, encoding, version: 'v0' }));
  });
  router.get('/v0/updates/:update_id', (req, res) => {
    const { lossless } = losslessQuerySchema.parse(req.query);
    const encoding = lossless === 'true' ? 'protobuf_json' : 'compact_json';
    sendJsonChunks(res, updates.updateById(req.params.update_id, { encoding, version: 'v0' }));
  });
  router.get('/v2/updates/hash/:hash', (req, res) => {
    const { daml_value_encoding: encoding } = encodingQuerySchema.parse(req.query);
    sendJsonChunks(res, updates.updateByHash(req.params.hash, encoding));
  });
  router.post('/v0/events', (req, res) => {
    const body = updateHistoryRequestSchema.parse(req.body);
    const { page_size: pageSize, daml_value_encoding: encoding } = body;
    sendJsonChunks(res, updates.events({ after: afterOf(body.after), pageSize, encoding }));
  });
  router.get('/v0/events/:update_id', (req, res) => {
    const { daml_value_encoding: encoding } = encodingQuerySchema.parse(req.query);
    sendJsonChunks(res, updates.eventById(req.params.update_id, encoding));
  });
  router.post('/v0/transactions', (req, res) => {
    const body = transactionHistoryRequestSchema.parse(req.body);
    const transactions = updates.transactions({
      pageEndEventId: body.page_end_event_id || null,
      descending: body.sort_order === 'desc',
      pageSize: body.page_size,
    });
    sendJson(res, { transactions });
  });
  return router;
}
