import { parseTime } from '@pocketnet/ledger';
import { roundTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { networkReferences as refs } from './network-references.ts';

const microsOf = (time: string): bigint => parseTime(time) ?? 0n;

// Open and summarizing rounds carry their tickDuration; every phase its round.
const tickOf = (contract: NetworkContract): bigint =>
  BigInt(
    payloadOf(roundTemplates.SummarizingMiningRound, contract.node.createArgument).tickDuration
      .microseconds,
  );

export const roundNumberOf = (contract: NetworkContract): bigint =>
  BigInt(payloadOf(roundTemplates.OpenMiningRound, contract.node.createArgument).round.number);

const byRoundNumber = (a: NetworkContract, b: NetworkContract) => {
  const difference = roundNumberOf(a) - roundNumberOf(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

/**
 * How long a client may cache the rounds, as Splice's Scan computes it: the shortest tick of
 * the open and summarizing rounds, and half the open span of the issuing ones. A round is
 * created at least a tick before it opens, so a client that refreshes within this time learns
 * of every round before it opens. Without rounds, nothing may be cached.
 */
export function roundsTimeToLive(contracts: NetworkContracts): bigint {
  const candidates = [
    ...contracts.active(refs.openMiningRound).map(tickOf),
    ...contracts.active(refs.summarizingMiningRound).map(tickOf),
    ...contracts.active(refs.issuingMiningRound).map((round) => {
      const { opensAt, targetClosesAt } = payloadOf(
        roundTemplates.IssuingMiningRound,
        round.node.createArgument,
      );
      return (microsOf(targetClosesAt) - microsOf(opensAt)) / 2n;
    }),
  ];
  return (
    candidates.reduce<bigint | null>((min, ttl) => (min === null || ttl < min ? ttl : min), null) ??
    0n
  );
}

/** The rounds Scan serves, each list by round number. */
export type MiningRounds = ReturnType<typeof createMiningRounds>;

export function createMiningRounds(contracts: NetworkContracts) {
  const sorted = (reference: (typeof refs)[keyof typeof refs]) =>
    contracts.active(reference).sort(byRoundNumber);
  return {
    open: () => sorted(refs.openMiningRound),
    issuing: () => sorted(refs.issuingMiningRound),
    closed: () => sorted(refs.closedMiningRound),
    timeToLive: () => roundsTimeToLive(contracts),
    /** The open round with the highest number, opened or not. */
    latestOpen: (): NetworkContract | undefined => sorted(refs.openMiningRound).at(-1),
  };
}
