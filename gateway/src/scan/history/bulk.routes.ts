import { type Request, type Response, Router } from 'express';
import { sendJson } from '../../http/send-json.ts';
import type { HistoryRendering } from '../scan-history.routes.ts';
import { bulkUpdatesRequestSchema } from './history-requests.schema.ts';
import { formatScanTime } from './render/record-time.ts';

const downloadPath = '/v0/history/bulk/download';

/** Absolute download URLs on this very server, as the client reached it. */
const refsOf = (
  req: Request,
  objects: readonly { readonly key: string; readonly digest: string }[],
) =>
  objects.map(({ key, digest }) => ({
    url: `${req.protocol}://${req.get('host')}${req.baseUrl}${downloadPath}/${encodeURIComponent(key)}`,
    digest,
  }));

const disabled = (res: Response) =>
  res.status(501).json({ error: 'Bulk storage is turned off on this node' });

/** Bulk storage: ACS snapshots and update history as objects, and their downloads. */
export function bulkRoutes(rendering: HistoryRendering): Router {
  const router = Router();
  const { bulk } = rendering.history;
  const { bulkObjects } = rendering;
  router.get('/v0/history/bulk/acs', (req, res) => {
    if (!bulk.enabled) return disabled(res);
    const time = req.query.at_or_before_record_time;
    const snapshot = bulk.acsSnapshot(typeof time === 'string' ? time : '');
    sendJson(res, {
      record_time: formatScanTime(snapshot.recordTimeMicros),
      object_refs: refsOf(req, snapshot.objects.map(bulkObjects.refOf)),
    });
  });
  router.post('/v0/history/bulk/updates', (req, res) => {
    if (!bulk.enabled) return disabled(res);
    const body = bulkUpdatesRequestSchema.parse(req.body);
    const page = bulk.updateObjects({
      start: body.start_record_time,
      end: body.end_record_time,
      pageSize: body.page_size,
      token: body.next_page_token ?? null,
    });
    sendJson(res, {
      object_refs: refsOf(req, page.objects.map(bulkObjects.refOf)),
      ...(page.nextPageToken === null ? {} : { next_page_token: page.nextPageToken }),
    });
  });
  router.get(`${downloadPath}/:key`, (req, res) => {
    const object = bulk.enabled ? bulk.object(req.params.key) : undefined;
    const bytes = object ? bulkObjects.bytesOf(object) : undefined;
    if (!bytes) return res.status(404).json({ error: `No bulk object ${req.params.key}` });
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  return router;
}
