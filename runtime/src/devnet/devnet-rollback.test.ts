import { afterEach, describe, expect, it } from 'vitest';
import {
  prepareUsers,
  randomSteps,
  seededRandom,
  startUndoNode,
  undoUsers,
  userCaller,
} from '../../testing/undo-workload.test-helper.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { formatScanTime } from '../scan/history/scan-time.ts';
import { unrestrictedCaller } from '../services/caller.ts';

const nodes: PocketnetNode[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});

/** Every update of scan's history, page by page, as the history reads serve them. */
function scanUpdates(node: PocketnetNode, pageSize = 100): unknown[] {
  const all: unknown[] = [];
  let after: { migrationId: number; recordTime: string } | null = null;
  for (;;) {
    const page = node.scan.history.updates.page({ after, pageSize });
    all.push(...page.items);
    const last = page.items.at(-1);
    if (!page.full || last === undefined) return all;
    after = { migrationId: last.migrationId, recordTime: formatScanTime(last.recordTimeMicros) };
  }
}

/**
 * What the node answers about everything the undo log covers: the ledger's end, scan's history,
 * transaction log, network and registry, each user's balance, history and offers, the actors
 * with their histories and next timer, and when the schedule next has work.
 */
function reads(node: PocketnetNode) {
  const network = node.scan.network;
  return {
    ledgerEnd: node.engine.ledgerEnd(),
    now: node.clock.nowMicros(),
    updates: scanUpdates(node),
    transactionLog: node.scan.history.updates.transactions({
      pageEndEventId: null,
      descending: false,
      pageSize: 1000,
    }),
    dso: network.dsoInfo(),
    rounds: [network.rounds.open(), network.rounds.issuing(), network.rounds.closed()],
    instruments: node.scan.registry.instruments(),
    traffic: node.automation.traffic.status(),
    wallets: undoUsers.map((user) => {
      const caller = userCaller(user);
      return {
        balance: node.wallet.balances.balance(caller),
        history: node.wallet.transactions(caller, { pageSize: 1000 }),
        offers: node.wallet.offers.list(caller),
        accepted: node.wallet.offers.listAccepted(caller),
      };
    }),
    actors: node.actors
      .list(unrestrictedCaller)
      .map((actor) => node.actors.get(unrestrictedCaller, actor.id)),
    actorsDue: node.actors.dueTask.nextDueMicros(),
  };
}

describe('a node rolled back to a mark', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`answers every read as it did at the mark, and the same steps again as the first time (seed ${seed})`, async () => {
      const { node } = await startUndoNode();
      nodes.push(node);
      await prepareUsers(node);
      // A revert leaves the clock where the journal goes on from (its last record time, when
      // later: node.rearm), as a restart does; the mark is taken with the clock there too.
      node.rearm();
      const atMark = reads(node);
      const mark = node.undo.mark();
      const steps = randomSteps(seededRandom(seed), 20);
      const runAll = async () => {
        for (const step of steps) await step.run(node);
      };
      await runAll();
      const afterSteps = reads(node);
      expect(afterSteps.ledgerEnd).toBeGreaterThan(atMark.ledgerEnd);

      node.undo.rollback(mark);
      node.clock.rewindTo(atMark.now);
      node.rearm();
      expect(reads(node)).toEqual(atMark);

      // The same steps from the same state make the same ledger and the same answers.
      await runAll();
      expect(reads(node)).toEqual(afterSteps);
      node.undo.release(mark);
    });
  }

  it('after a rollback, other steps give what a node given only those steps gives', async () => {
    const start = async () => {
      const { node } = await startUndoNode();
      nodes.push(node);
      await prepareUsers(node);
      node.rearm();
      return node;
    };
    const node = await start();
    const now = node.clock.nowMicros();
    const mark = node.undo.mark();
    for (const step of randomSteps(seededRandom(6), 20)) await step.run(node);
    expect(scanUpdates(node, 3).length).toBeGreaterThan(3);
    node.undo.rollback(mark);
    node.clock.rewindTo(now);
    node.rearm();

    const other = await start();
    for (const step of randomSteps(seededRandom(7), 20)) {
      await step.run(node);
      await step.run(other);
    }
    expect(scanUpdates(node, 3)).toEqual(scanUpdates(other, 3));
    expect(reads(node)).toEqual(reads(other));
  });
});
