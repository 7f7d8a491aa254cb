import {
  canonicalJson,
  internalSubmission,
  type LedgerEngine,
  type PackageRegistry,
  type ParticipantState,
  sha256Hex,
  type UndoLog,
  type Value,
} from '@pocketnet/ledger';
import {
  type BackgroundTask,
  createNodeSchedule,
  type NodeSchedule,
} from '../automation/node-schedule.ts';
import type { WatchedTemplates } from '../projections/watched-templates.projection.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import { createDevnetControls } from './devnet-controls.service.ts';
import { createDevnetGenesis } from './devnet-genesis.ts';
import { devnetParties } from './devnet-parties.ts';
import type { DevnetTimeState } from './devnet-time-records.ts';
import { createDsoLedger } from './dso-ledger.ts';
import { createRoundAutomation } from './round-automation.ts';

export type DevnetConfig = {
  readonly validatorWalletUser: string;
  /** Makes every id of the network reproducible: the same seed, the same parties and contracts. */
  readonly seed: string;
  readonly tickMicros: bigint;
};

/** The name of the SV side's work on the node's schedule (rounds, expiries, claims, refreshes). */
export const svRoundsWork = 'sv-rounds';

export const defaultDevnetConfig: DevnetConfig = {
  validatorWalletUser: 'administrator',
  seed: '0',
  tickMicros: 600_000_000n,
};

/**
 * Creates the devnet on an empty ledger and starts what keeps it going: the rounds advance as
 * the node's clock passes their times (each second on the wall clock, or when time is moved).
 */
export async function startDevnet(deps: {
  engine: LedgerEngine;
  packages: PackageRegistry;
  watched: WatchedTemplates;
  participant: ParticipantState;
  clock: ControllableClock;
  config: DevnetConfig;
  identity: { participantId: string; synchronizerId: string };
  onError: (error: unknown) => void;
  /** The node's schedule; the devnet's rounds are work on it (the automations may queue it). */
  schedule?: NodeSchedule;
  /** Further tasks on the node's clock (Scan's ACS snapshots), run in time order with the rounds. */
  tasks?: readonly BackgroundTask[];
  /** The journaled time and price (devnet-time-records.ts). */
  time: DevnetTimeState;
  /** `--splice-dars`: the genesis creates Splice's own templates (devnet-genesis.ts). */
  templateOf?: ((reference: string) => string) | undefined;
  /** The node's undo log: the devnet's counter goes back with a rollback. */
  undo: UndoLog;
}) {
  const { engine, clock, config, identity } = deps;
  const parties = devnetParties({ ...identity, ...config });
  if (engine.ledgerEnd() === 0) {
    const { templateOf } = deps;
    await createDevnetGenesis(engine, { parties, ...config, ...identity, templateOf });
  }
  const issued = { count: 0 };
  // Run as a job, the rounds' commands take ids derived from the job's id and their content,
  // so that a rerun of the job submits duplicates the ledger drops.
  let jobId: string | null = null;
  const ledger = createDsoLedger({
    dso: parties.dso,
    packages: deps.packages,
    watched: deps.watched,
    undo: deps.undo,
    submit: (actAs, commands) => {
      const counter = issued.count + 1;
      deps.undo.assign(issued, 'count', counter);
      const commandId =
        jobId === null
          ? `dso-automation-${clock.nowMicros()}-${counter}`
          : `${jobId}/${sha256Hex([canonicalJson(commands as unknown as Value)]).slice(0, 24)}`;
      return engine.submit(
        internalSubmission({ commands, userId: 'pocketnet-dso-automation', commandId, actAs }),
      );
    },
  });
  const rounds = createRoundAutomation({
    ledger,
    now: () => clock.nowMicros(),
    price: () => deps.time.amuletPrice(),
  });
  const schedule = deps.schedule ?? createNodeSchedule(clock);
  const removeTasks = (deps.tasks ?? []).map((task) => schedule.declare(task));
  const removeRounds = schedule.declare({
    name: svRoundsWork,
    // The SV's ledger writes: a job on the automations' queue when they run.
    runsAs: 'job',
    nextDueMicros: () => rounds.nextDueMicros(),
    async run(context) {
      jobId = context.jobId;
      try {
        await rounds.run();
      } finally {
        jobId = null;
      }
    },
  });
  const controls = createDevnetControls({
    participant: deps.participant,
    clock,
    scheduler: schedule,
    nextRoundOpensAt: () => rounds.nextRoundOpensAt(),
    isDevnet: true,
    durable: {
      journalClock: () => deps.time.journalClock(engine),
      journalPrice: (price) => deps.time.journalPrice(engine, price),
      amuletPrice: () => deps.time.amuletPrice(),
    },
  });
  // Without the node's schedule (which has its own ticker), the devnet keeps its time itself.
  const ticker =
    clock.kind === 'wall' && deps.schedule === undefined
      ? setInterval(() => schedule.runDue().catch(deps.onError), 1000).unref()
      : null;
  return {
    parties,
    controls,
    stop: () => {
      removeRounds();
      for (const remove of removeTasks) remove();
      if (ticker) clearInterval(ticker);
    },
  };
}
