import { type BenchLine, type BenchResult, formatCount, infoLine } from './bench-line.ts';
import { startGatewayServer } from './http-servers.ts';
import { renderTable } from './report-table.ts';
import { startHoldingsNode, startPreSerialisedServer } from './scan-paging-fixtures.ts';
import { updateHistoryLines } from './scan-paging-history.ts';
import {
  compareRates,
  failureLines,
  post,
  rateLine,
  readScanPagingConfig,
  type ScanPagingConfig,
} from './scan-paging-measure.ts';

// Paging through Scan over HTTP, beside a node:http server answering the very bytes of a page
// pocketnet served (the floor of any JSON-over-HTTP service): /v2/updates over a history of
// 100,000 updates (scan-paging-history.ts), and /v1/holdings/state over an owner's amulets in
// an ACS snapshot.

async function holdingsLines(config: ScanPagingConfig): Promise<BenchLine[]> {
  const devnet = await startHoldingsNode(config.holdings);
  const pocketnet = await startGatewayServer(devnet.node);
  const url = `${pocketnet.url}/api/scan/v1/holdings/state`;
  const request = {
    migration_id: 0,
    record_time: devnet.snapshotTime,
    page_size: config.pageSize,
    owner_party_ids: [devnet.owner],
  };
  const bodies: string[] = [];
  let after: number | undefined;
  do {
    const body = JSON.stringify({ ...request, ...(after === undefined ? {} : { after }) });
    const page = JSON.parse((await post(url, body)).toString()) as { next_page_token?: number };
    // Only full pages: the last one may be shorter.
    if (page.next_page_token !== undefined) bodies.push(body);
    after = page.next_page_token;
  } while (after !== undefined);
  const page = await post(url, bodies[Math.floor(bodies.length / 2)] ?? '');
  const baseline = await startPreSerialisedServer(page);
  try {
    const rates = await compareRates(
      { baseline, pocketnet },
      { path: '/api/scan/v1/holdings/state', bodies },
      config,
    );
    return [
      rateLine(
        `Scan /v1/holdings/state, ${config.pageSize} a page of ${formatCount(config.holdings)}`,
        rates,
      ),
      infoLine('Scan holdings page', `${formatCount(page.length)} B`),
      ...failureLines('Scan /v1/holdings/state', rates.failures),
    ];
  } finally {
    await Promise.all([pocketnet.close(), baseline.close()]);
    await devnet.node.close();
  }
}

export async function runScanPaging(config: ScanPagingConfig): Promise<BenchResult> {
  const lines = [...(await updateHistoryLines(config)), ...(await holdingsLines(config))];
  return {
    lines,
    notes: [
      `Scan paging: ${config.connections} autocannon connections (a child process), ${config.rounds} alternating rounds of ${config.seconds} s, medians; the baseline answers a pre-serialised page of the same size.`,
    ],
  };
}

if (import.meta.main) {
  const result = await runScanPaging(readScanPagingConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
