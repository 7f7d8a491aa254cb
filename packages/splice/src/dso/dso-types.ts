import type { TemplateId, TransactionContext, Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import type { Round } from '../wallet-payments/amulet-types.ts';
import { roundType } from '../wallet-payments/amulet-types.ts';
import type { RelTime } from '../wallet-payments/daml-support.ts';
import { require } from '../wallet-payments/daml-support.ts';

export const dsoPackageName = 'splice-dso-governance';

export function dsoTemplateId(module: string, entity: string): TemplateId {
  return { packageName: dsoPackageName, module, entity };
}

export const dsoReferences = {
  dsoRules: `#${dsoPackageName}:Splice.DsoRules:DsoRules`,
  confirmation: `#${dsoPackageName}:Splice.DsoRules:Confirmation`,
  amuletPriceVote: `#${dsoPackageName}:Splice.DSO.AmuletPrice:AmuletPriceVote`,
  svNodeState: `#${dsoPackageName}:Splice.DSO.SvState:SvNodeState`,
} as const;

export type SvInfo = {
  readonly name: string;
  readonly joinedAsOfRound: Round;
  readonly svRewardWeight: string;
  readonly participantId: string;
};

export const svInfoType: Typed<SvInfo> = t.record(
  {
    name: t.text(),
    joinedAsOfRound: roundType,
    svRewardWeight: t.int64(),
    participantId: t.text(),
  },
  'Splice.DsoRules:SvInfo',
);

export type OffboardedSvInfo = { readonly name: string; readonly participantId: string };

export const offboardedSvInfoType: Typed<OffboardedSvInfo> = t.record(
  { name: t.text(), participantId: t.text() },
  'Splice.DsoRules:OffboardedSvInfo',
);

const synchronizerModule = 'Splice.DSO.DecentralizedSynchronizer';

/** Splice's DsoRulesConfig (splice-dso-governance 0.1.26), field for field. */
export type DsoRulesConfig = {
  readonly numUnclaimedRewardsThreshold: string;
  readonly numMemberTrafficContractsThreshold: string;
  readonly actionConfirmationTimeout: RelTime;
  readonly svOnboardingRequestTimeout: RelTime;
  readonly svOnboardingConfirmedTimeout: RelTime;
  readonly voteRequestTimeout: RelTime;
  readonly dsoDelegateInactiveTimeout: RelTime;
  readonly synchronizerNodeConfigLimits: {
    readonly cometBft: {
      readonly maxNumCometBftNodes: string;
      readonly maxNumGovernanceKeys: string;
      readonly maxNumSequencingKeys: string;
      readonly maxNodeIdLength: string;
      readonly maxPubKeyLength: string;
    };
  };
  readonly maxTextLength: string;
  readonly decentralizedSynchronizer: {
    readonly synchronizers: readonly (readonly [string, DsoSynchronizerConfig])[];
    readonly lastSynchronizerId: string;
    readonly activeSynchronizerId: string;
  };
  readonly nextScheduledSynchronizerUpgrade: {
    readonly time: string;
    readonly migrationId: string;
  } | null;
  readonly voteCooldownTime: RelTime | null;
  readonly nextScheduledLogicalSynchronizerUpgrade: {
    readonly topologyFreezeTime: string;
    readonly upgradeTime: string;
    readonly newPhysicalSynchronizerSerial: string;
    readonly newPhysicalSynchronizerProtocolVersion: string;
  } | null;
};

export type DsoSynchronizerConfig = {
  readonly state:
    | 'DS_Bootstrapping'
    | 'DS_Operational'
    | 'DS_Decomissioned'
    | 'ExtSynchronizerState';
  readonly cometBftGenesisJson: string;
  readonly acsCommitmentReconciliationInterval: string | null;
};

export const dsoRulesConfigType: Typed<DsoRulesConfig> = t.record(
  {
    numUnclaimedRewardsThreshold: t.int64(),
    numMemberTrafficContractsThreshold: t.int64(),
    actionConfirmationTimeout: t.relTime(),
    svOnboardingRequestTimeout: t.relTime(),
    svOnboardingConfirmedTimeout: t.relTime(),
    voteRequestTimeout: t.relTime(),
    dsoDelegateInactiveTimeout: t.relTime(),
    synchronizerNodeConfigLimits: t.record(
      {
        cometBft: t.record(
          {
            maxNumCometBftNodes: t.int64(),
            maxNumGovernanceKeys: t.int64(),
            maxNumSequencingKeys: t.int64(),
            maxNodeIdLength: t.int64(),
            maxPubKeyLength: t.int64(),
          },
          'Splice.CometBft:CometBftConfigLimits',
        ),
      },
      `${synchronizerModule}:SynchronizerNodeConfigLimits`,
    ),
    maxTextLength: t.int64(),
    decentralizedSynchronizer: t.record(
      {
        synchronizers: t.genMap(
          t.text(),
          t.record(
            {
              state: t.enum(
                [
                  'DS_Bootstrapping',
                  'DS_Operational',
                  'DS_Decomissioned',
                  'ExtSynchronizerState',
                ] as const,
                `${synchronizerModule}:SynchronizerState`,
              ),
              cometBftGenesisJson: t.text(),
              acsCommitmentReconciliationInterval: t.optional(t.int64()),
            },
            `${synchronizerModule}:SynchronizerConfig`,
          ),
        ),
        lastSynchronizerId: t.text(),
        activeSynchronizerId: t.text(),
      },
      `${synchronizerModule}:DsoDecentralizedSynchronizerConfig`,
    ),
    nextScheduledSynchronizerUpgrade: t.optional(
      t.record(
        { time: t.time(), migrationId: t.int64() },
        'Splice.DsoRules:SynchronizerUpgradeSchedule',
      ),
    ),
    voteCooldownTime: t.optional(t.relTime()),
    nextScheduledLogicalSynchronizerUpgrade: t.optional(
      t.record(
        {
          topologyFreezeTime: t.time(),
          upgradeTime: t.time(),
          newPhysicalSynchronizerSerial: t.int64(),
          newPhysicalSynchronizerProtocolVersion: t.text(),
        },
        'Splice.DsoRules:LogicalSynchronizerUpgradeSchedule',
      ),
    ),
  },
  'Splice.DsoRules:DsoRulesConfig',
);

export type DsoRulesPayload = {
  readonly dso: string;
  readonly epoch: string;
  readonly svs: readonly (readonly [string, SvInfo])[];
  readonly offboardedSvs: readonly (readonly [string, OffboardedSvInfo])[];
  readonly dsoDelegate: string;
  readonly config: DsoRulesConfig;
  readonly initialTrafficState: readonly (readonly [
    string,
    { readonly consumedTraffic: string },
  ])[];
  readonly isDevNet: boolean;
};

export const dsoRulesFields = {
  dso: t.party(),
  epoch: t.int64(),
  svs: t.genMap(t.party(), svInfoType),
  offboardedSvs: t.genMap(t.party(), offboardedSvInfoType),
  dsoDelegate: t.party(),
  config: dsoRulesConfigType,
  initialTrafficState: t.genMap(
    t.text(),
    t.record({ consumedTraffic: t.int64() }, 'Splice.DsoRules:TrafficState'),
  ),
  isDevNet: t.bool(),
};

export function isSv(rules: DsoRulesPayload, party: string): boolean {
  return rules.svs.some(([sv]) => sv === party);
}

/** Splice's `getAndValidateSvParty`: SV automation names the SV it acts for. */
export function validateSvParty(
  tx: TransactionContext,
  rules: DsoRulesPayload,
  sv: string | null,
): string {
  if (sv === null) return tx.fail('no SV party provided');
  require(tx, 'SV party is an actual SV', isSv(rules, sv));
  return sv;
}

/** The controllers of Splice's `controller sv` on an `Optional Party`. */
export const svControllers = (rules: DsoRulesPayload, argument: { readonly sv: string | null }) =>
  argument.sv === null ? [rules.dso] : [argument.sv];

/** Splice's `requiredNumVotes`: ceiling((n + f + 1) / 2) with f = floor((n − 1) / 3). */
export function requiredNumVotes(numSvs: number): number {
  const faulty = Math.floor((numSvs - 1) / 3);
  return Math.ceil((numSvs + faulty + 1) / 2);
}
