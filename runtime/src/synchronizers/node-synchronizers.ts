import type { LedgerEngine, UndoLog } from '@pocketnet/ledger';
import type { NodeSchedule } from '../automation/node-schedule.ts';
import type { DevnetParties } from '../devnet/devnet-parties.ts';
import { hostOnEverySynchronizer } from './host-parties.ts';
import { createMigrationTask, type MigrationSchedule } from './migration-task.ts';
import { createSynchronizerSet } from './synchronizer-set.ts';
import { createSynchronizers, type Synchronizers } from './synchronizers.projection.ts';

/** The node's synchronizers from its configuration (`--synchronizers global,app1`). */
export const createNodeSynchronizers = (
  config: {
    readonly synchronizerName: string;
    readonly synchronizers?: readonly string[] | undefined;
  },
  undo: UndoLog,
): Synchronizers =>
  createSynchronizers(
    createSynchronizerSet({ globalName: config.synchronizerName, names: config.synchronizers }),
    undo,
  );

/**
 * What the writing node does for its synchronizers once the journal is replayed: hosts the
 * devnet's parties on every synchronizer, and migrates the global synchronizer when the
 * migration scheduled (on a devnet) falls due on the node's clock.
 */
export async function startSynchronizerWork(deps: {
  readonly engine: LedgerEngine;
  readonly synchronizers: Synchronizers;
  readonly schedule: NodeSchedule;
  readonly migrations: MigrationSchedule;
  readonly clock: { nowMicros(): bigint };
  readonly devnetParties: DevnetParties | null;
}): Promise<void> {
  const { engine, synchronizers } = deps;
  deps.schedule.declare(
    createMigrationTask({
      schedule: deps.migrations,
      engine,
      clock: deps.clock,
      synchronizerId: synchronizers.global.id,
    }),
  );
  if (deps.devnetParties === null) return;
  const { dso, sv, validatorOperator } = deps.devnetParties;
  await hostOnEverySynchronizer({ engine, synchronizers }, [dso, sv, validatorOperator]);
}
