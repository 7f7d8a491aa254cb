import type { Instrument, ScanService } from '@pocketnet/runtime';
import { type Request, Router } from 'express';
import { invalidParameter } from '../../http/request-body-error.ts';

const defaultPageSize = 25;
const maxInt32 = 2 ** 31 - 1;

function pageSizeOf(req: Request): number {
  const raw = req.query.pageSize;
  if (raw === undefined) return defaultPageSize;
  const size = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(size >= 1 && size <= maxInt32)) {
    throw invalidParameter('query parameter pageSize', 'expected a positive int32');
  }
  return size;
}

function pageTokenOf(req: Request): string | null {
  const raw = req.query.pageToken;
  if (raw === undefined) return null;
  if (typeof raw !== 'string') throw invalidParameter('query parameter pageToken', 'not a string');
  return raw;
}

function renderInstrument(instrument: Instrument) {
  const { totalSupply, totalSupplyAsOf, ...rest } = instrument;
  return {
    ...rest,
    ...(totalSupply === null ? {} : { totalSupply }),
    ...(totalSupplyAsOf === null ? {} : { totalSupplyAsOf }),
  };
}

/** `/registry/metadata/v1`: the registry and its instruments (amulet), paged by instrument id. */
export function metadataRoutes({ scan }: { readonly scan: ScanService }): Router {
  const router = Router();
  const registry = () => scan.registry;
  router.get('/info', (_req, res) => {
    res.json(registry().info());
  });
  router.get('/instruments', (req, res) => {
    const pageSize = pageSizeOf(req);
    const after = pageTokenOf(req);
    const sorted = registry()
      .instruments()
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const rest = after === null ? sorted : sorted.filter((instrument) => instrument.id > after);
    const page = rest.slice(0, pageSize);
    const last = page.at(-1);
    res.json({
      instruments: page.map(renderInstrument),
      ...(rest.length > pageSize && last ? { nextPageToken: last.id } : {}),
    });
  });
  router.get('/instruments/:instrumentId', (req, res) => {
    res.json(renderInstrument(registry().instrument(req.params.instrumentId)));
  });
  return router;
}
