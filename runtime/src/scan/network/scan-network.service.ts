import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { createAnsEntries } from './ans-entries.ts';
import { createMiningRounds } from './mining-rounds.ts';
import { createNetworkDirectory } from './network-directory.ts';
import {
  contractLookups,
  dsoInfoOf,
  governanceOf,
  notFound,
  type RoundFees,
  roundFeesOf,
} from './network-lookups.ts';
import { createNetworkProjections } from './network-projections.ts';
import { scanVersion, spliceInstanceNames } from './network-references.ts';
import { createRewardAccounting } from './reward-accounting.service.ts';
import { createValidatorLicenses } from './validator-licenses.ts';

export type { RoundFees } from './network-lookups.ts';

/**
 * Scan's network view: the DSO, its rules and rounds, the name service, featured apps,
 * preapprovals, validators, governance, the synchronizer's members and reward accounting,
 * all from projections of the update bus that see the journal from its start.
 */
export function createScanNetwork(
  core: PocketnetNodeCore,
  options: { readonly rewardBatchSize?: number } = {},
) {
  const projections = createNetworkProjections(core);
  const { contracts, history, commands } = projections;
  const rounds = createMiningRounds(contracts);
  return {
    status: projections.health.status,
    version: () => scanVersion,
    instanceNames: () => spliceInstanceNames,
    dsoInfo: () => dsoInfoOf(contracts, rounds, history.earliestRound()),
    rounds,
    ...contractLookups(contracts),
    ans: createAnsEntries({ contracts, nowMicros: () => core.clock.nowMicros() }),
    transferCommandStatus(sender: string, nonce: bigint) {
      const found = commands.of(sender, nonce);
      if (found.length === 0) {
        throw notFound(`Couldn't find transfer command for sender ${sender} with nonce ${nonce}`);
      }
      return found;
    },
    licenses: createValidatorLicenses(contracts),
    directory: createNetworkDirectory({
      identity: core.identity,
      participant: core.participant,
      contracts,
      genesisTime: projections.genesisTime,
      consumedTraffic: projections.consumedTraffic,
      ...(core.synchronizers
        ? { synchronizerIds: core.synchronizers.ids, migrationId: core.synchronizers.migrationId }
        : {}),
    }),
    governance: governanceOf(contracts),
    amuletConfigForRound: (round: bigint): RoundFees => roundFeesOf(history, round),
    rewards: createRewardAccounting({
      rounds: history,
      undo: core.undo,
      ...(options.rewardBatchSize === undefined ? {} : { batchSize: options.rewardBatchSize }),
    }),
  };
}

export type ScanNetwork = ReturnType<typeof createScanNetwork>;
