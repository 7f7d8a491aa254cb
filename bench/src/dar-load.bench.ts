import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, unrestrictedCaller } from '@pocketnet/runtime';
import {
  type BenchResult,
  formatMs,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { renderTable } from './report-table.ts';

// Issue 20: loading Splice's whole package set (every DAR of ../shared/dars) at start < 1 s.
// The DARs are uploaded once into a file journal; each start then replays those uploads, which
// register every package (listable, downloadable, known by name) without decoding it. The
// baseline is the same node starting on an empty journal.

const darsDir = join(import.meta.dirname, '..', '..', '..', 'shared', 'dars');
const targetMs = 1000;
/** splice-amulet 0.1.20 (SOURCES.md); `#splice-amulet` is still the node's TypeScript package. */
const amuletId = '23f47481dab6b1ec01339d6e14494d85bb2844c25f45b26fc5c9ef4cd4942d1f';

const startNode = (dataDir: string) =>
  createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });

async function uploadAll(dataDir: string) {
  const node = await startNode(dataDir);
  const names = (await readdir(darsDir)).filter((name) => name.endsWith('.dar')).sort();
  const started = performance.now();
  for (const name of names) {
    const bytes = new Uint8Array(await readFile(join(darsDir, name)));
    // The wallet test DAR's pre-release splice-amulet 0.1.8 is no upgrade-compatible version of
    // 0.1.19: uploaded without vetting, as Canton would only take it.
    await node.packageAdmin.upload(unrestrictedCaller, bytes, {
      validateOnly: false,
      vetAllPackages: name !== 'splice-wallet-test-0.1.8.dar',
    });
  }
  const uploadMs = performance.now() - started;
  const packages = node.packageAdmin.list(unrestrictedCaller).length;
  await node.close();
  return { uploadMs, dars: names.length, packages };
}

async function timedStart(dataDir: string) {
  const started = performance.now();
  const node = await startNode(dataDir);
  const startMs = performance.now() - started;
  const listed = node.packageAdmin.list(unrestrictedCaller).length;
  const firstUse = performance.now();
  node.packages.resolveTemplate(`${amuletId}:Splice.AmuletRules:AmuletRules`);
  const firstUseMs = performance.now() - firstUse;
  await node.close();
  return { startMs, listed, firstUseMs };
}

export async function runDarLoad(repeats = 3): Promise<BenchResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-dar-load-'));
  const emptyDir = await mkdtemp(join(tmpdir(), 'pocketnet-no-dars-'));
  try {
    const empty = [];
    for (let run = 0; run < repeats; run += 1) {
      const started = performance.now();
      await (await startNode(emptyDir)).close();
      empty.push(performance.now() - started);
    }
    const uploaded = await uploadAll(dataDir);
    const runs = [];
    for (let run = 0; run < repeats; run += 1) runs.push(await timedStart(dataDir));
    const startMs = median(runs.map((run) => run.startMs));
    const firstUseMs = median(runs.map((run) => run.firstUseMs));
    return {
      lines: [
        {
          name: `start with Splice's ${uploaded.dars} DARs uploaded`,
          value: formatMs(startMs),
          baseline: formatMs(median(empty)),
          ratio: formatRatio(startMs / median(empty)),
          target: `< ${formatMs(targetMs)}`,
          status: statusOf(startMs < targetMs),
        },
        infoLine('uploading them all (decode + validate + journal)', formatMs(uploaded.uploadMs)),
        infoLine('first use of splice-amulet (decode + erase)', formatMs(firstUseMs)),
      ],
      notes: [
        `${uploaded.packages} packages listed after the uploads, ${runs[0]?.listed} after each start; ` +
          `starts: ${runs.map((run) => formatMs(run.startMs)).join(', ')}`,
      ],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runDarLoad();
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
