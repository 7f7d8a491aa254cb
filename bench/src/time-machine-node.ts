import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createInProcessRunner,
  parseAutomationConfig,
  scaleOutSettings,
} from '@pocketnet/automations';
import { createLifeServers, startEmbeddedNode } from '@pocketnet/cli';
import { createFileJournal, createWallClock } from '@pocketnet/ledger';
import { fileJournalStore, type LoadedState } from '@pocketnet/runtime';
import { pino } from 'pino';
import { formatMs, median } from './bench-line.ts';
import { createIou, submitRequest, transferIou } from './iou-commands.ts';
import { runConcurrently, startIouEngine } from './iou-engine.ts';

// The time machine bench's node (an embedded node on a file journal, bare ledger), the history
// it runs over, and how its work is timed (wall and CPU) and its heap measured.

/** A step of an Iou's round trip: offered to the other party, or accepted by it. */
const stepOf = (slot: { cid: string; offered: boolean; owner: string }, other: string) =>
  slot.offered
    ? {
        command: {
          kind: 'exercise' as const,
          templateId: '#pocketnet-examples:Iou:IouTransfer',
          contractId: slot.cid,
          choice: 'IouTransfer_Accept',
          choiceArgument: {},
        },
        actAs: other,
      }
    : { command: transferIou(slot.cid, other), actAs: slot.owner };

/**
 * `contracts` Ious created, then offered and accepted round and round (each update archives one
 * contract and creates one) until the history holds `updates` updates.
 */
export async function writeHistory(
  dir: string,
  config: { readonly contracts: number; readonly updates: number },
): Promise<void> {
  const journal = await createFileJournal({ dir });
  const ledger = await startIouEngine(journal);
  const { engine, bank, alice, bob } = ledger;
  const slots: Array<{ cid: string; offered: boolean; owner: string }> = [];
  await runConcurrently(config.contracts, 100, async (index) => {
    const created = await engine.submit(
      submitRequest([createIou(ledger)], [bank, alice], `tm-create-${index}`),
    );
    slots[index] = { cid: created.nodes[0]?.contractId ?? '', offered: false, owner: alice };
  });
  const moves = config.updates - config.contracts;
  // One chain per slot: each step waits for the contract the one before it made.
  await runConcurrently(Math.min(config.contracts, moves), 100, async (first) => {
    for (let step = first; step < moves; step += config.contracts) {
      const slot = slots[first];
      if (!slot) throw new Error('no slot');
      const other = slot.owner === alice ? bob : alice;
      const { command, actAs } = stepOf(slot, other);
      const record = await engine.submit(submitRequest([command], [actAs], `tm-step-${step}`));
      const created = record.nodes.find((node) => node.kind === 'created');
      if (slot.offered) slot.owner = other;
      slots[first] = { cid: created?.contractId ?? '', offered: !slot.offered, owner: slot.owner };
    }
  });
  await journal.close();
}

export type RevertMode = 'in place' | 'rebuild';

export async function start(dir: string, loadState?: LoadedState, revert: RevertMode = 'in place') {
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  const node = await startEmbeddedNode({
    node: {
      onBackgroundError: (error) => console.error('background work failed', error),
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      ledgerApiVersion: '3.4.12',
      devnet: null,
    },
    store: fileJournalStore(dir),
    clock: createWallClock(),
    config: parseAutomationConfig({}),
    createRunner: async (_scope, undo) => createInProcessRunner({ undo }),
    logger: pino({ level: 'silent' }),
    auth: { mode: 'none' },
    settings: scaleOutSettings({}),
    servers: createLifeServers('127.0.0.1'),
    ...(loadState ? { loadState } : {}),
    revert,
  });
  return { node, ms: performance.now() - started, cpuMs: cpuMsSince(cpuAt) };
}

/** The process's CPU time (every thread) since `from`: what a loaded machine does not stretch. */
export function cpuMsSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

export function collectedHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

export type Timing = { readonly ms: number; readonly cpuMs: number };

export const timed = async (work: () => Promise<unknown>): Promise<Timing> => {
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  await work();
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpuAt) };
};

export const wallOf = (runs: readonly Timing[]) => median(runs.map((run) => run.ms));
export const cpuOf = (runs: readonly Timing[]) => median(runs.map((run) => run.cpuMs));
export const ratioTo = (value: number, baseline: number) => `${(value / baseline).toFixed(3)}×`;
export const runsOf = (runs: readonly Timing[]) =>
  runs.map((run) => `${formatMs(run.ms)} (CPU ${formatMs(run.cpuMs)})`).join(', ');

/** `count` creates after a snapshot, so that a revert has something to undo. */
export async function someChanges(
  node: Awaited<ReturnType<typeof start>>['node'],
  round: number,
  count = 100,
) {
  const { engine } = node.current().node;
  const parties = [...node.current().node.participant.parties.keys()];
  const [bank, alice] = [
    parties.find((p) => p.startsWith('Bank')),
    parties.find((p) => p.startsWith('Alice')),
  ];
  if (!bank || !alice) throw new Error('no Bank or Alice');
  for (let index = 0; index < count; index += 1) {
    await engine.submit(
      submitRequest(
        [createIou({ bank, alice, bob: alice })],
        [bank, alice],
        `after-${round}-${index}`,
      ),
    );
  }
}
