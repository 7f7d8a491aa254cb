import { DomainError } from '@pocketnet/ledger';
import { requiredNumVotes } from '@pocketnet/splice';
import { dsoRulesTemplate } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { dsoPartyOf, svsOf } from './dso-state.ts';
import type { MiningRounds } from './mining-rounds.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { type NetworkReference, networkReferences as refs } from './network-references.ts';
import type { RoundActivity } from './round-activity.projection.ts';

export const notFound = (message: string) => new DomainError('CONTRACT_NOT_FOUND', message);

function only(contracts: NetworkContracts, reference: NetworkReference, name: string) {
  const [contract] = contracts.active(reference);
  if (contract === undefined) throw notFound(`Found no ${name} contract`);
  return contract;
}

/** The one SV's view of the DSO, as `/v0/dso` answers it. */
export function dsoInfoOf(
  contracts: NetworkContracts,
  rounds: MiningRounds,
  initial: bigint | null,
) {
  const dsoRules = only(contracts, refs.dsoRules, 'DsoRules');
  const svs = svsOf(dsoRules);
  const [sv] = svs;
  const latestMiningRound = rounds.latestOpen();
  if (sv === undefined || latestMiningRound === undefined) throw notFound('The DSO has no rounds');
  return {
    svUser: sv.name,
    svPartyId: sv.party,
    dsoPartyId: payloadOf(dsoRulesTemplate, dsoRules.node.createArgument).dso,
    votingThreshold: requiredNumVotes(svs.length),
    latestMiningRound,
    amuletRules: only(contracts, refs.amuletRules, 'AmuletRules'),
    dsoRules,
    svNodeStates: contracts.active(refs.svNodeState),
    initialRound: String(initial ?? 0n),
  };
}

/** The DSO's contracts Scan looks up: its rules, featured apps, preapprovals and counters. */
export function contractLookups(contracts: NetworkContracts) {
  const latestOf = (reference: NetworkReference, party: string, missing: string) => {
    const found = contracts.ofParty(reference, party).at(-1);
    if (!found) throw notFound(missing);
    return found;
  };
  return {
    dsoPartyId(): string {
      const dso = dsoPartyOf(contracts);
      if (dso === null) throw notFound('This Scan has not seen the DSO yet');
      return dso;
    },
    amuletRules: () => only(contracts, refs.amuletRules, 'AmuletRules'),
    externalPartyAmuletRules: () =>
      only(contracts, refs.externalPartyAmuletRules, 'ExternalPartyAmuletRules'),
    ansRules: () => only(contracts, refs.ansRules, 'AnsRules'),
    featuredApps: {
      all: () => contracts.active(refs.featuredAppRight),
      ofProvider: (provider: string) => contracts.ofParty(refs.featuredAppRight, provider),
      byContractId: (contractId: string) =>
        contracts.get(refs.featuredAppRight, contractId) ?? null,
    },
    transferPreapprovalOf: (party: string): NetworkContract =>
      latestOf(refs.transferPreapproval, party, `No TransferPreapproval found for party: ${party}`),
    transferCommandCounterOf: (party: string): NetworkContract =>
      latestOf(
        refs.transferCommandCounter,
        party,
        `No TransferCommandCounter found for party: ${party}, use 0 for the nonce`,
      ),
    unclaimedDevelopmentFundCoupons: () => contracts.active(refs.unclaimedDevelopmentFundCoupon),
  };
}

/** The DSO's governance: price votes, and the votes a one-SV DSO without voting never has. */
export function governanceOf(contracts: NetworkContracts) {
  return {
    amuletPriceVotes: () => contracts.active(refs.amuletPriceVote),
    voteRequests: () => contracts.active(refs.voteRequest),
    voteRequest: (contractId: string) => contracts.get(refs.voteRequest, contractId) ?? null,
    /** Closed votes: none, as pocketnet's DsoRules has no voting. */
    voteResults: (): readonly Record<string, unknown>[] => [],
    /** No accepted UpdateSvRewardWeight vote exists, so no earlier weight either. */
    previousSvRewardWeight: (_sv: string, _before: string | null): string | null => null,
  };
}

/** The fees a round charged (in USD), as `/v0/amulet-config-for-round` reports them. */
export type RoundFees = {
  readonly createFee: string;
  readonly holdingFee: string;
  readonly lockHolderFee: string;
  readonly transferFee: {
    readonly initialRate: string;
    readonly steps: readonly { readonly amount: string; readonly rate: string }[];
  };
};

/** The fees its open round carried, for any round Scan has seen open. */
export function roundFeesOf(history: RoundActivity, round: bigint): RoundFees {
  const open = history.round(round)?.openRound;
  if (!open) throw notFound(`Round ${round} not found`);
  const config = open.transferConfigUsd;
  return {
    createFee: config.createFee.fee,
    holdingFee: config.holdingFee.rate,
    lockHolderFee: config.lockHolderFee.fee,
    transferFee: {
      initialRate: config.transferFee.initialRate,
      steps: config.transferFee.steps.map((step) => ({ amount: step._1, rate: step._2 })),
    },
  };
}
