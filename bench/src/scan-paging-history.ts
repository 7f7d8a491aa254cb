import {
  type BenchLine,
  formatCount,
  formatMs,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { startGatewayServer } from './http-servers.ts';
import { startIouHistory, startPreSerialisedServer } from './scan-paging-fixtures.ts';
import {
  compareRates,
  failureLines,
  lastPageTarget,
  post,
  rateLine,
  type ScanPagingConfig,
} from './scan-paging-measure.ts';

// `/v2/updates` over a history of Iou creates (every update the same shape, so the first and
// the last page weigh the same): pages read again against the baseline, and the first read of
// every page by a client walking the whole history.

type UpdateItem = { migration_id: number; record_time: string };

const afterOf = (item: UpdateItem | undefined) =>
  item
    ? { after: { after_migration_id: item.migration_id, after_record_time: item.record_time } }
    : {};

/**
 * A client walking the whole history from the start, one page after the other: the first
 * read of every update, so nothing is served from the cache of serialised updates. Each page's
 * request body and latency.
 */
async function walkHistory(url: string, pageSize: number) {
  const pages: Array<{ body: string; ms: number }> = [];
  let after: UpdateItem | undefined;
  for (;;) {
    const body = JSON.stringify({ page_size: pageSize, ...afterOf(after) });
    const began = performance.now();
    const bytes = await post(url, body);
    const ms = performance.now() - began;
    const { transactions } = JSON.parse(bytes.toString()) as { transactions: UpdateItem[] };
    if (transactions.length < pageSize) return pages;
    pages.push({ body, ms });
    after = transactions.at(-1);
  }
}

/** Median latency of sequential requests for one page. */
async function sequentialMs(url: string, body: string, repeats: number): Promise<number> {
  const times: number[] = [];
  for (let repeat = 0; repeat < repeats; repeat++) {
    const began = performance.now();
    await post(url, body);
    times.push(performance.now() - began);
  }
  return median(times);
}

const firstAndLast = (walk: ReadonlyArray<{ ms: number }>) => {
  const ends = Math.max(1, Math.min(50, Math.floor(walk.length / 2)));
  return {
    first: median(walk.slice(0, ends).map((page) => page.ms)),
    last: median(walk.slice(-ends).map((page) => page.ms)),
    all: median(walk.map((page) => page.ms)),
  };
};

export async function updateHistoryLines(config: ScanPagingConfig): Promise<BenchLine[]> {
  const began = performance.now();
  const ledger = await startIouHistory(config.updates);
  const setupMs = performance.now() - began;
  const pocketnet = await startGatewayServer(ledger.node);
  const path = '/api/scan/v2/updates';
  const walk = await walkHistory(`${pocketnet.url}${path}`, config.pageSize);
  const cold = firstAndLast(walk);
  // Full pages from a hundred places spread over the history, asked for again and again.
  const spread = Array.from({ length: 100 }, (_, i) => walk[Math.floor((i * walk.length) / 100)]);
  const bodies = spread.map((page) => page?.body ?? '');
  const page = await post(`${pocketnet.url}${path}`, bodies[50] ?? '');
  const baseline = await startPreSerialisedServer(page);
  try {
    const rates = await compareRates({ baseline, pocketnet }, { path, bodies }, config);
    const baselineMs = await sequentialMs(
      `${baseline.url}${path}`,
      bodies[50] ?? '',
      config.latencyRepeats,
    );
    const ratio = cold.last / cold.first;
    const updates = formatCount(config.updates);
    return [
      rateLine(
        `Scan /v2/updates, ${config.pageSize} a page of ${updates}, pages read again`,
        rates,
      ),
      {
        name: `Scan last page of ${updates} updates vs first (first read)`,
        value: formatMs(cold.last),
        baseline: formatMs(cold.first),
        ratio: formatRatio(ratio),
        target: `≤ ${lastPageTarget.toFixed(2)}×`,
        status: statusOf(ratio <= lastPageTarget),
      },
      {
        ...infoLine('Scan /v2/updates page, first read, one client', formatMs(cold.all)),
        baseline: formatMs(baselineMs),
        ratio: formatRatio(baselineMs / cold.all),
      },
      infoLine(
        'Scan update page',
        `${formatCount(page.length)} B; history built in ${formatMs(setupMs)}`,
      ),
      ...failureLines('Scan /v2/updates', rates.failures),
    ];
  } finally {
    await Promise.all([pocketnet.close(), baseline.close()]);
    await ledger.node.close();
  }
}
