import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { scanOk } from './scan-network-fixtures.ts';
import {
  dsoContracts,
  ledgerEnd,
  nodeTime,
  type Payload,
  roundsOf,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  templateFilter,
  tickSeconds,
} from './splice-fixtures.ts';

// The round timeline of SPLICE-FACTS §2 over HTTP: the devnet's time machine moves the clock,
// the round automation runs as rounds fall due, and the DSO's contracts show where each round is.

const genesis = Date.parse('2026-01-01T00:00:00Z');
/** How often Splice's SV automation polls (its default `pollingInterval`). */
const pollingSeconds = 30;
/** The instant `ticks` ticks after genesis, as the ledger renders times (microseconds). */
const at = (ticks: number) =>
  new Date(genesis + ticks * tickSeconds * 1000).toISOString().replace('.000Z', '.000000Z');

type Row = [number, string, string];
const rows = (rounds: Awaited<ReturnType<typeof roundsOf>>): Row[] =>
  rounds.map((round) => [round.number, round.opensAt, round.closesAt]);

type FlatEvent = {
  CreatedEvent?: { templateId: string; createArgument: Payload; contractId: string };
  ArchivedEvent?: { templateId: string; contractId: string };
};

describe('the round timeline over HTTP', () => {
  let net: SpliceNode;

  beforeAll(async () => {
    net = await startSpliceNode();
  });
  afterAll(() => net.node.close());

  const advanceSeconds = async (seconds: number) =>
    json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds } }));
  const advance = async (ticks: number) =>
    json(
      await net.node.call('/api/devnet/v0/time/advance', {
        body: { seconds: ticks * tickSeconds },
      }),
    );

  /** What the DSO's update stream saw of a template between two offsets. */
  const lifecycle = async (templateId: string, beginExclusive: number) => {
    const response = await net.node.call('/v2/updates', {
      user: net.dsoReader,
      body: {
        beginExclusive,
        endInclusive: await ledgerEnd(net.node),
        updateFormat: {
          includeTransactions: {
            eventFormat: {
              filtersByParty: {
                [net.dso]: { cumulative: [{ identifierFilter: templateFilter(templateId) }] },
              },
            },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        },
      },
    });
    const updates =
      await json<Array<{ update: { Transaction?: { value: { events: FlatEvent[] } } } }>>(response);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/updates',
      status: 200,
      body: updates,
    });
    const events = updates.flatMap(({ update }) => update.Transaction?.value.events ?? []);
    const created = events.flatMap((event) => (event.CreatedEvent ? [event.CreatedEvent] : []));
    const archived = events.flatMap((event) =>
      event.ArchivedEvent ? [event.ArchivedEvent.contractId] : [],
    );
    return created.map((event) => ({
      round: (event.createArgument.round as { number: string }).number,
      archived: archived.includes(event.contractId),
    }));
  };

  it('starts with rounds 0 and 1 open and round 2 opening a tick later', async () => {
    expect(await nodeTime(net)).toBe(at(0));
    expect(rows(await roundsOf(net, spliceIds.openMiningRound))).toEqual([
      [0, at(0), at(1)],
      [1, at(0), at(2)],
      [2, at(1), at(3)],
    ]);
    for (const later of [spliceIds.issuingMiningRound, spliceIds.closedMiningRound])
      expect(await dsoContracts(net, later)).toEqual([]);
  });

  it('after a tick, summarizes round 0, issues it a tick later, and opens round 3', async () => {
    const before = await ledgerEnd(net.node);
    await advance(1);
    // AdvanceOpenMiningRounds: round 3 opens at max(now, latest.opensAt) + tick and closes two
    // ticks after that; round 0 becomes a SummarizingMiningRound, which StartIssuing turns into
    // an IssuingMiningRound opening a tick from now and closing two ticks after it opens.
    expect(rows(await roundsOf(net, spliceIds.openMiningRound))).toEqual([
      [1, at(0), at(2)],
      [2, at(1), at(3)],
      [3, at(2), at(4)],
    ]);
    expect(rows(await roundsOf(net, spliceIds.issuingMiningRound))).toEqual([[0, at(2), at(4)]]);
    expect(await lifecycle(spliceIds.summarizingMiningRound, before)).toEqual([
      { round: '0', archived: true },
    ]);
    expect(await dsoContracts(net, spliceIds.summarizingMiningRound)).toEqual([]);
  });

  it('keeps three open rounds and issues each in turn as ticks pass', async () => {
    await advance(2);
    expect((await roundsOf(net, spliceIds.openMiningRound)).map((r) => r.number)).toEqual([
      3, 4, 5,
    ]);
    expect(rows(await roundsOf(net, spliceIds.issuingMiningRound))).toEqual([
      [0, at(2), at(4)],
      [1, at(3), at(5)],
      [2, at(4), at(6)],
    ]);
  });

  it('closes an issuing round when it is due, and keeps it while its rewards are settled', async () => {
    const before = await ledgerEnd(net.node);
    await advance(1);
    // At tick 4 round 0's issuing window ends: it becomes a ClosedMiningRound, which Scan lists.
    expect(await lifecycle(spliceIds.closedMiningRound, before)).toEqual([
      { round: '0', archived: false },
    ]);
    expect((await roundsOf(net, spliceIds.issuingMiningRound)).map((r) => r.number)).toEqual([
      1, 2, 3,
    ]);
    expect((await roundsOf(net, spliceIds.openMiningRound)).map((r) => r.number)).toEqual([
      4, 5, 6,
    ]);
    expect((await roundsOf(net, spliceIds.closedMiningRound)).map((r) => r.number)).toEqual([0]);
    const closed = await scanOk<{ rounds: unknown[] }>(net.node, '/v0/closed-rounds');
    expect(closed.rounds).toHaveLength(1);
    // Nothing happened in round 0, so all its rewards went unclaimed when it started issuing.
    expect((await dsoContracts(net, spliceIds.unclaimedReward)).length).toBeGreaterThan(0);
  });

  it('archives a closed round once the DSO has expired its coupons, a polling interval apart', async () => {
    // Splice's SV triggers poll every 30 s: one poll expires what the round left, the next
    // finds it settled and archives it.
    await advanceSeconds(pollingSeconds);
    expect((await roundsOf(net, spliceIds.closedMiningRound)).map((r) => r.number)).toEqual([0]);
    await advanceSeconds(pollingSeconds);
    expect(await dsoContracts(net, spliceIds.closedMiningRound)).toEqual([]);
    const closed = await scanOk<{ rounds: unknown[] }>(net.node, '/v0/closed-rounds');
    expect(closed.rounds).toEqual([]);
  });

  it('does nothing between ticks', async () => {
    const before = await ledgerEnd(net.node);
    // The closed round's settlement took the first two polling intervals of this tick.
    await advanceSeconds(tickSeconds - 2 * pollingSeconds - 1);
    expect(await ledgerEnd(net.node)).toBe(before);
    await json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } }));
    expect(await ledgerEnd(net.node)).toBeGreaterThan(before);
    expect((await roundsOf(net, spliceIds.openMiningRound)).map((r) => r.number)).toEqual([
      5, 6, 7,
    ]);
  });
});
