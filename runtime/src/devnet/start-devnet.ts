import {
  internalSubmission,
  type LedgerEngine,
  type PackageRegistry,
  type ParticipantState,
} from '@pocketnet/ledger';
import type { WatchedTemplates } from '../projections/watched-templates.projection.ts';
import type { ControllableClock } from '../time/controllable-clock.ts';
import { createScheduler } from '../time/scheduler.ts';
import { createDevnetControls, type DevnetControls } from './devnet-controls.service.ts';
import { createDevnetGenesis } from './devnet-genesis.ts';
import { devnetParties } from './devnet-parties.ts';
import { createDsoLedger } from './dso-ledger.ts';
import { createRoundAutomation } from './round-automation.ts';

export type DevnetConfig = {
  readonly validatorWalletUser: string;
  /** Makes every id of the network reproducible: the same seed, the same parties and contracts. */
  readonly seed: string;
  readonly tickMicros: bigint;
};

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
}) {
  const { engine, clock, config, identity } = deps;
  const parties = devnetParties({ ...identity, ...config });
  if (engine.ledgerEnd() === 0) {
    await createDevnetGenesis(engine, { parties, ...config, ...identity });
  }
  let counter = 0;
  const ledger = createDsoLedger({
    dso: parties.dso,
    packages: deps.packages,
    watched: deps.watched,
    submit: (actAs, commands) => {
      counter += 1;
      const commandId = `dso-automation-${clock.nowMicros()}-${counter}`;
      return engine.submit(
        internalSubmission({ commands, userId: 'pocketnet-dso-automation', commandId, actAs }),
      );
    },
  });
  const controls: { current: DevnetControls | null } = { current: null };
  const rounds = createRoundAutomation({
    ledger,
    now: () => clock.nowMicros(),
    price: () => controls.current?.amuletPrice() ?? null,
  });
  const scheduler = createScheduler(clock, [rounds]);
  controls.current = createDevnetControls({
    participant: deps.participant,
    clock,
    scheduler,
    nextRoundOpensAt: () => rounds.nextRoundOpensAt(),
    isDevnet: true,
  });
  const ticker =
    clock.kind === 'wall'
      ? setInterval(() => scheduler.runDue().catch(deps.onError), 1000).unref()
      : null;
  return {
    parties,
    controls: controls.current,
    stop: () => {
      if (ticker) clearInterval(ticker);
    },
  };
}
