import {
  createMemoryJournal,
  createSimulatedClock,
  historyOf,
  type JournalRecord,
  saveSections,
} from '@pocketnet/ledger';
import type { DevnetConfig } from '../devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../node/create-node.ts';
import type { NodeConfig } from '../node/node-config.ts';

/** Each way's saved sections, by name, and the nodes (open: the caller closes them). */
export type ThreeWays = {
  readonly live: Record<string, unknown>;
  readonly replayed: Record<string, unknown>;
  readonly restored: Record<string, unknown>;
  readonly nodes: { readonly replayed: PocketnetNode; readonly restored: PocketnetNode };
  readonly records: readonly JournalRecord[];
};

type HarnessConfig = Omit<NodeConfig, 'dataDir' | 'ledger' | 'restore' | 'clock'> & {
  readonly startMicros: bigint;
};

/** A node's config for the harness: a devnet (or a bare ledger), its errors thrown. */
export function harnessConfig(devnet: DevnetConfig | null): HarnessConfig {
  return {
    onBackgroundError: (error: unknown) => {
      throw error;
    },
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    startMicros: 1_767_225_600_000_000n,
    devnet,
  };
}

const memoryLedger = (records: JournalRecord[]) => ({
  openJournal: async () => createMemoryJournal({ records }),
});

/**
 * Issue 23's rule for state sections, for tests: `scenario` runs on a node over a memory
 * journal (live); a second node replays that journal, as a restart does (replayed); a third
 * restores the live node's saved sections over the same journal without replaying it
 * (restored). A section keeps the rule when the three saves are equal. `partial` restores
 * only the sections saved whose names pass `only`, leaving the other holders empty: for a test
 * of some holders while others have no section yet.
 */
export async function sectionsThreeWays(
  config: HarnessConfig,
  scenario: (node: PocketnetNode) => Promise<void>,
  options: { readonly only?: (name: string) => boolean } = {},
): Promise<ThreeWays> {
  const { startMicros, ...rest } = config;
  const records: JournalRecord[] = [];
  const live = await createNode({
    ...rest,
    dataDir: null,
    clock: createSimulatedClock(startMicros),
    ledger: memoryLedger(records),
  });
  let liveSaved: Record<string, unknown>;
  let nowMicros: bigint;
  try {
    await scenario(live);
    liveSaved = saveSections(live.undo);
    nowMicros = live.clock.nowMicros();
  } finally {
    await live.close();
  }
  const kept = records.slice();
  const replayed = await createNode({
    ...rest,
    dataDir: null,
    clock: createSimulatedClock(nowMicros),
    ledger: memoryLedger(kept.slice()),
  });
  const only = options.only;
  const sections = only
    ? Object.fromEntries(Object.entries(liveSaved).filter(([name]) => only(name)))
    : liveSaved;
  const restored = await createNode({
    ...rest,
    dataDir: null,
    clock: createSimulatedClock(nowMicros),
    ledger: memoryLedger(kept.slice()),
    restore: { sections, history: historyOf(kept), partial: only !== undefined },
  });
  const pick = (saved: Record<string, unknown>) =>
    only ? Object.fromEntries(Object.entries(saved).filter(([name]) => only(name))) : saved;
  return {
    live: pick(liveSaved),
    replayed: pick(saveSections(replayed.undo)),
    restored: pick(saveSections(restored.undo)),
    nodes: { replayed, restored },
    records: kept,
  };
}
