import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulatedClock } from '../clock.ts';
import type { Command, SubmitRequest } from '../commands.ts';
import { examplePackages } from '../examples/examples-package.ts';
import { makeParticipantId, makeSynchronizerId } from '../ids/ledger-ids.ts';
import { createPartyId } from '../ids/party-id.ts';
import { createFileJournal } from '../journal/file-journal.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { Journal } from '../journal.ts';
import { createPackageRegistry } from '../packages/registry.ts';
import type { LedgerEngine } from './engine-types.ts';
import { createLedgerEngine } from './ledger-engine.ts';

// A micro benchmark of the write path: Iou create + consuming exercise pairs through the
// engine. Run it directly (`node --conditions=development src/engine/measure-throughput.ts`)
// or call measureEngineThroughput from bench/.

const iouTemplate = '#pocketnet-examples:Iou:Iou';

async function startBenchEngine(journal: Journal) {
  const participantId = makeParticipantId('bench');
  const namespace = participantId.slice(participantId.indexOf('::') + 2);
  const [bank, alice] = [createPartyId('Bank', namespace), createPartyId('Alice', namespace)];
  const engine = createLedgerEngine({
    journal,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    packages: createPackageRegistry(examplePackages),
    participantId,
    synchronizerId: makeSynchronizerId(),
    publish: () => undefined,
  });
  await engine.recover();
  await engine.commitTopology((_state, offset, updateId, recordTime) => ({
    type: 'topology',
    offset,
    updateId,
    recordTime,
    synchronizerId: makeSynchronizerId(),
    participantId,
    parties: [bank, alice],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  }));
  return { engine, bank, alice };
}

function request(commands: Command[], actAs: string[], commandId: string): SubmitRequest {
  return {
    commands,
    userId: 'bench',
    commandId,
    submissionId: commandId,
    workflowId: '',
    actAs,
    readAs: [],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
  };
}

async function createAndConsume(
  bench: { engine: LedgerEngine; bank: string; alice: string },
  index: number,
): Promise<void> {
  const { engine, bank, alice } = bench;
  const createArguments = {
    issuer: bank,
    owner: alice,
    currency: 'USD',
    amount: '10.0',
    observers: [],
  };
  const created = await engine.submit(
    request(
      [{ kind: 'create', templateId: iouTemplate, createArguments }],
      [bank, alice],
      `c-${index}`,
    ),
  );
  const contractId = created.nodes[0]?.contractId ?? '';
  const archive = {
    kind: 'exercise' as const,
    templateId: iouTemplate,
    contractId,
    choice: 'Archive',
    choiceArgument: {},
  };
  await engine.submit(request([archive], [bank, alice], `a-${index}`));
}

/**
 * Transactions per second for `pairs` create + Archive pairs, `concurrency` pairs in flight
 * at a time (1: each submission awaited before the next).
 */
export async function measureEngineThroughput(options: {
  readonly journal: Journal;
  readonly pairs: number;
  readonly concurrency: number;
}): Promise<{ transactions: number; seconds: number; perSecond: number }> {
  const bench = await startBenchEngine(options.journal);
  const started = performance.now();
  for (let first = 0; first < options.pairs; first += options.concurrency) {
    const batch = Math.min(options.concurrency, options.pairs - first);
    await Promise.all(
      Array.from({ length: batch }, (_, index) => createAndConsume(bench, first + index)),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await options.journal.close();
  const transactions = options.pairs * 2;
  return { transactions, seconds, perSecond: Math.round(transactions / seconds) };
}

async function main(): Promise<void> {
  const runs = [
    ['memory, sequential', () => Promise.resolve(createMemoryJournal()), 1],
    ['memory, 100 in flight', () => Promise.resolve(createMemoryJournal()), 100],
    ['file, sequential', null, 1],
    ['file, 100 in flight', null, 100],
  ] as const;
  for (const [name, open, concurrency] of runs) {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-throughput-'));
    const journal = open ? await open() : await createFileJournal({ dir });
    const pairs = open ? 20_000 : concurrency === 1 ? 1_000 : 10_000;
    const result = await measureEngineThroughput({ journal, pairs, concurrency });
    console.log(
      `${name}: ${result.perSecond} tx/s (${result.transactions} tx in ${result.seconds.toFixed(2)} s)`,
    );
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
