import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateParty, commands, createIou, createUser, json } from './ledger-fixtures.ts';
import { ledgerTransactionsOf, wholeHistory } from './scan-history-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// A sequencer gives each update its own, increasing record time, so the Ledger API and Scan
// report the same record time for an update: an indexer correlating both must not see two.

type LedgerTransaction = { updateId: string; recordTime: string; effectiveAt: string };

describe('record times of transactions committed in one microsecond', () => {
  let node: TestNode;
  let alice: string;
  const burst: string[] = [];

  const ledgerTransactions = () =>
    ledgerTransactionsOf<LedgerTransaction>(node, 'TRANSACTION_SHAPE_ACS_DELTA');

  beforeAll(async () => {
    // The simulated clock stands still: every commit below falls in the same microsecond.
    node = await startTestNode({ devnet: true });
    alice = await allocateParty(node, 'alice');
    await createUser(node, 'alice', [alice]);
    await createUser(node, 'desk', []);
    const anyReader = { userId: 'desk', rights: [{ kind: { CanReadAsAnyParty: { value: {} } } }] };
    await json(await node.call('/v2/users/desk/rights', { body: anyReader }));
    const submitted = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        node
          .call('/v2/commands/submit-and-wait', {
            user: 'alice',
            body: commands([alice], [createIou(alice, alice, String(index + 1))]),
          })
          .then((response) => json<{ updateId: string }>(response)),
      ),
    );
    burst.push(...submitted.map((answer) => answer.updateId));
  });
  afterAll(() => node.close());

  it('share their ledger time but each has its own, increasing record time', async () => {
    const ledger = await ledgerTransactions();
    const ofBurst = ledger.filter((tx) => burst.includes(tx.updateId));
    expect(ofBurst).toHaveLength(burst.length);
    expect(new Set(ofBurst.map((tx) => tx.effectiveAt)).size).toBe(1);
    const times = ledger.map((tx) => tx.recordTime);
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort()).toEqual(times);
  });

  it('have on Scan the record time the Ledger API gives them, update by update', async () => {
    const ledger = await ledgerTransactions();
    const history = await wholeHistory(node);
    const scanTimes = new Map(history.map((item) => [item.update_id, item.record_time]));
    expect(ledger.length).toBeGreaterThan(burst.length);
    for (const tx of ledger) expect(scanTimes.get(tx.updateId), tx.updateId).toBe(tx.recordTime);
  });
});
