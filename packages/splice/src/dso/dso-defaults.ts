import { relTimeOf } from '../wallet-payments/daml-support.ts';
import type { DsoRulesConfig, DsoRulesPayload } from './dso-types.ts';

const minuteMicros = 60_000_000n;
const hourMicros = 60n * minuteMicros;

/** Splice's SV-app defaults (SvUtil), but the synchronizers: those of the network started. */
export const defaultDsoRulesConfig: Omit<DsoRulesConfig, 'decentralizedSynchronizer'> = {
  numUnclaimedRewardsThreshold: '10',
  numMemberTrafficContractsThreshold: '5',
  actionConfirmationTimeout: relTimeOf(5n * minuteMicros),
  svOnboardingRequestTimeout: relTimeOf(hourMicros),
  svOnboardingConfirmedTimeout: relTimeOf(hourMicros),
  voteRequestTimeout: relTimeOf(7n * 24n * hourMicros),
  dsoDelegateInactiveTimeout: relTimeOf(70n * 1_000_000n),
  synchronizerNodeConfigLimits: {
    cometBft: {
      maxNumCometBftNodes: '2',
      maxNumGovernanceKeys: '2',
      maxNumSequencingKeys: '2',
      maxNodeIdLength: '50',
      maxPubKeyLength: '256',
    },
  },
  maxTextLength: '1024',
  nextScheduledSynchronizerUpgrade: null,
  voteCooldownTime: relTimeOf(minuteMicros),
  nextScheduledLogicalSynchronizerUpgrade: null,
};

export type FoundingSv = {
  readonly party: string;
  readonly name: string;
  readonly participantId: string;
  readonly svRewardWeight?: string;
};

/** The DsoRules payload of a new network: its founding SVs, joined as of round 0. */
export function initialDsoRules(options: {
  readonly dso: string;
  readonly svs: readonly FoundingSv[];
  readonly isDevNet: boolean;
  /** The global synchronizer, operational from the start (a single-node SV has no CometBFT). */
  readonly synchronizerId: string;
  readonly config?: DsoRulesConfig;
}): DsoRulesPayload {
  const [delegate] = options.svs;
  if (delegate === undefined) throw new Error('a network needs at least one SV');
  return {
    dso: options.dso,
    epoch: '0',
    svs: options.svs.map((sv) => [
      sv.party,
      {
        name: sv.name,
        joinedAsOfRound: { number: '0' },
        svRewardWeight: sv.svRewardWeight ?? '10000',
        participantId: sv.participantId,
      },
    ]),
    offboardedSvs: [],
    dsoDelegate: delegate.party,
    config: options.config ?? {
      ...defaultDsoRulesConfig,
      decentralizedSynchronizer: {
        synchronizers: [
          [
            options.synchronizerId,
            {
              state: 'DS_Operational',
              cometBftGenesisJson: '',
              acsCommitmentReconciliationInterval: null,
            },
          ],
        ],
        lastSynchronizerId: options.synchronizerId,
        activeSynchronizerId: options.synchronizerId,
      },
    },
    initialTrafficState: [],
    isDevNet: options.isDevNet,
  };
}
