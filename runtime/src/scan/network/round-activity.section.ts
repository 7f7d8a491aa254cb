import type { NodeLocation } from '../journal-locations.ts';
import type { ActivityRecord, RoundHistory } from './round-activity.projection.ts';

// The section `scan.network.rounds`: what reward accounting needs of every round Scan saw. A
// round's activity records are fields Scan derived from the coupons (a coupon's record is never
// copied), their parties numbered in a table, since a few parties earn most coupons.

type SavedActivity =
  | readonly ['app', party: number, provider: number, featured: boolean, amount: string]
  | readonly ['validator', party: number, amount: string]
  | readonly ['sv', party: number, weight: string]
  | readonly ['liveness', party: number];

type SavedRound = readonly [
  number: string,
  open: NodeLocation | null,
  closed: NodeLocation | null,
  activity: readonly SavedActivity[],
];

export type SavedRounds = {
  readonly earliest: string | null;
  readonly parties: readonly string[];
  /** In the order Scan first saw each round. */
  readonly rounds: readonly SavedRound[];
};

/** A round as its section has it: the round and where its open and closed rounds are. */
export type RoundLocated = {
  readonly round: RoundHistory;
  readonly open: NodeLocation | null;
  readonly closed: NodeLocation | null;
};

function savedRecord(record: ActivityRecord, party: (name: string) => number): SavedActivity {
  switch (record.kind) {
    case 'app':
      return ['app', party(record.party), party(record.provider), record.featured, record.amount];
    case 'validator':
      return ['validator', party(record.party), record.amount];
    case 'sv':
      return ['sv', party(record.party), record.weight];
    case 'liveness':
      return ['liveness', party(record.party)];
  }
}

export function saveActivity(
  earliest: bigint | null,
  rounds: readonly RoundLocated[],
): SavedRounds {
  const numbers = new Map<string, number>();
  const party = (name: string): number => {
    let number = numbers.get(name);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(name, number);
    }
    return number;
  };
  const saved = rounds.map(
    ({ round, open, closed }): SavedRound => [
      round.number.toString(),
      open,
      closed,
      round.records.map((record) => savedRecord(record, party)),
    ],
  );
  return {
    earliest: earliest === null ? null : earliest.toString(),
    parties: [...numbers.keys()],
    rounds: saved,
  };
}

function activityOf(saved: SavedActivity, parties: readonly string[]): ActivityRecord {
  const party = (number: number): string => {
    const name = parties[number];
    if (name === undefined) throw new Error(`the rounds' section has no party ${number}`);
    return name;
  };
  switch (saved[0]) {
    case 'app': {
      const [, beneficiary, provider, featured, amount] = saved;
      return {
        kind: 'app',
        party: party(beneficiary),
        provider: party(provider),
        featured,
        amount,
      };
    }
    case 'validator':
      return { kind: 'validator', party: party(saved[1]), amount: saved[2] };
    case 'sv':
      return { kind: 'sv', party: party(saved[1]), weight: saved[2] };
    case 'liveness':
      return { kind: 'liveness', party: party(saved[1]) };
  }
}

/** The saved rounds back as numbers, locations and activity records. */
export function savedActivityOf(saved: SavedRounds) {
  return {
    earliest: saved.earliest === null ? null : BigInt(saved.earliest),
    rounds: saved.rounds.map(([number, open, closed, activity]) => ({
      number: BigInt(number),
      open,
      closed,
      records: activity.map((record) => activityOf(record, saved.parties)),
    })),
  };
}
