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

/**
 * The part of Splice's DsoRulesConfig that pocketnet's single-SV automation uses. Left out:
 * synchronizerNodeConfigLimits, decentralizedSynchronizer, nextScheduledSynchronizerUpgrade.
 */
export type DsoRulesConfig = {
  readonly numUnclaimedRewardsThreshold: string;
  readonly numMemberTrafficContractsThreshold: string;
  readonly actionConfirmationTimeout: RelTime;
  readonly svOnboardingRequestTimeout: RelTime;
  readonly svOnboardingConfirmedTimeout: RelTime;
  readonly voteRequestTimeout: RelTime;
  readonly dsoDelegateInactiveTimeout: RelTime;
  readonly maxTextLength: string;
  readonly voteCooldownTime: RelTime | null;
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
    maxTextLength: t.int64(),
    voteCooldownTime: t.optional(t.relTime()),
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
