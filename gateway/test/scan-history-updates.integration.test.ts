import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, json } from './ledger-fixtures.ts';
import {
  ledgerTransactionsOf,
  scan,
  scanError,
  scanOk,
  type UpdateItem,
  wholeHistory,
} from './scan-history-fixtures.ts';
import {
  inputAmulet,
  output,
  rulesChoice,
  tap,
  transferArgument,
  transferContext,
} from './splice-amulet-calls.ts';
import { partyWithUser, type SpliceNode, startSpliceNode } from './splice-fixtures.ts';

// Scan's update history (/v2, /v1, /v0 updates and events) served from the update bus, read
// back against the JSON Ledger API's own transactions over the same node.

type LedgerEvent = {
  CreatedEvent?: {
    nodeId: number;
    contractId: string;
    templateId: string;
    createArgument: unknown;
  };
  ExercisedEvent?: {
    nodeId: number;
    contractId: string;
    templateId: string;
    choice: string;
    choiceArgument: unknown;
    exerciseResult: unknown;
    consuming: boolean;
    actingParties: string[];
    lastDescendantNodeId: number;
  };
};
type LedgerTransaction = {
  updateId: string;
  recordTime: string;
  effectiveAt: string;
  workflowId: string;
  synchronizerId: string;
  events: LedgerEvent[];
};

const microsPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

describe('the update history of Scan', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let tapUpdate: string;
  let transferUpdate: string;

  const ledgerTransactions = () =>
    ledgerTransactionsOf<LedgerTransaction>(net.node, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
    bob = await partyWithUser(net, 'bob');
    await createUser(net.node, 'desk', [alice, bob], [net.dso]);
    const anyReader = { userId: 'desk', rights: [{ kind: { CanReadAsAnyParty: { value: {} } } }] };
    await json(await net.node.call('/v2/users/desk/rights', { body: anyReader }));
    const tapped = await tap(net, 'alice', alice, '100.0');
    tapUpdate = tapped.tree.updateId;
    const argument = transferArgument(
      net,
      {
        sender: alice,
        inputs: [inputAmulet(tapped.amulet)],
        outputs: Array.from({ length: 10 }, () => output(bob, '1.0')),
      },
      await transferContext(net),
    );
    const response = await rulesChoice(net, {
      user: 'desk',
      actAs: [alice, bob],
      choice: 'AmuletRules_Transfer',
      argument,
    });
    transferUpdate = (await json<{ transactionTree: { updateId: string } }>(response))
      .transactionTree.updateId;
  });
  afterAll(() => net.node.close());

  it('serves every transaction of the ledger, with the same update ids and events', async () => {
    const ledger = await ledgerTransactions();
    const history = await wholeHistory(net.node, 7);
    expect(history.map((item) => item.update_id)).toEqual(ledger.map((tx) => tx.updateId));
    for (const [index, tx] of ledger.entries()) {
      const item = history[index] as UpdateItem;
      expect(item).toMatchObject({
        migration_id: 0,
        workflow_id: tx.workflowId,
        synchronizer_id: tx.synchronizerId,
        effective_at: tx.effectiveAt,
      });
      expect(Date.parse(item.record_time)).toBeGreaterThanOrEqual(Date.parse(tx.recordTime));
      expect(Object.keys(item.events_by_id)).toHaveLength(tx.events.length);
      for (const event of tx.events) expectSameEvent(item, event);
    }
  });

  it('keeps record times unique and increasing, and equal to the ledger’s', async () => {
    const ledger = await ledgerTransactions();
    const history = await wholeHistory(net.node);
    const times = history.map((item) => item.record_time);
    for (const time of times) expect(time).toMatch(microsPattern);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    // The engine's record times are a sequencer's (unique, increasing): Scan keeps them as they are.
    const scanTimes = new Map(history.map((item) => [item.update_id, item.record_time]));
    expect(ledger.map((tx) => scanTimes.get(tx.updateId))).toEqual(
      ledger.map((tx) => tx.recordTime),
    );
  });

  it('gives one update by id with events sorted by event id and children in order', async () => {
    const transfer = await scanOk<UpdateItem>(net.node, `/v2/updates/${transferUpdate}`);
    expect(transfer.update_id).toBe(transferUpdate);
    expect(transfer).not.toHaveProperty('offset');
    const root = transfer.events_by_id[transfer.root_event_ids[0] ?? ''];
    expect(root).toMatchObject({ event_type: 'exercised_event', choice: 'AmuletRules_Transfer' });
    // The largest update has over ten events, so "…:10" sorts before "…:2".
    const largest = (await wholeHistory(net.node)).sort(
      (a, b) => Object.keys(b.events_by_id).length - Object.keys(a.events_by_id).length,
    )[0];
    const item = await scanOk<UpdateItem>(net.node, `/v2/updates/${largest?.update_id}`);
    const ids = Object.keys(item.events_by_id);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toEqual([...ids].sort());
    expect(ids.indexOf(`${item.update_id}:10`)).toBeLessThan(ids.indexOf(`${item.update_id}:2`));
    for (const id of item.root_event_ids) expect(ids).toContain(id);
    for (const [id, event] of Object.entries(item.events_by_id)) {
      expect(event.event_id).toBe(id);
      expect(id.startsWith(`${item.update_id}:`)).toBe(true);
      const children = (event.child_event_ids ?? []).map((child) => Number(child.split(':')[1]));
      expect(children).toEqual([...children].sort((a, b) => a - b));
    }
  });

  it('encodes values losslessly with protobuf_json and compactly by default', async () => {
    const path = `/v2/updates/${tapUpdate}`;
    const compact = await scanOk<UpdateItem>(net.node, path);
    const lossless = await scanOk<UpdateItem>(
      net.node,
      `${path}?daml_value_encoding=protobuf_json`,
    );
    const amuletOf = (item: UpdateItem) =>
      Object.values(item.events_by_id).find((event) =>
        event.template_id.endsWith(':Splice.Amulet:Amulet'),
      );
    expect(amuletOf(compact)?.create_arguments).toMatchObject({
      owner: alice,
      amount: { initialAmount: '100.0000000000' },
    });
    type ProtoRecord = { record: { fields: unknown[] } } | undefined;
    const fields = (amuletOf(lossless)?.create_arguments as ProtoRecord)?.record.fields;
    expect(fields).toEqual([
      { label: 'dso', value: { party: net.dso } },
      { label: 'owner', value: { party: alice } },
      {
        label: 'amount',
        value: {
          record: {
            fields: [
              { label: 'initialAmount', value: { numeric: '100.0000000000' } },
              {
                label: 'createdAt',
                value: {
                  record: { fields: [{ label: 'number', value: { int64: expect.any(String) } }] },
                },
              },
              {
                label: 'ratePerRound',
                value: {
                  record: { fields: [{ label: 'rate', value: { numeric: '0.0038051800' } }] },
                },
              },
            ],
          },
        },
      },
    ]);
    const root = lossless.events_by_id[lossless.root_event_ids[0] ?? ''];
    expect(root?.exercise_result).toMatchObject({ record: { fields: expect.any(Array) } });
  });

  it('answers v1 with a constant offset and v0 with the offset and #-prefixed event ids', async () => {
    const v1 = await scanOk<UpdateItem>(net.node, `/v1/updates/${tapUpdate}`);
    expect(v1.offset).toBe('000000000000000001');
    expect(v1.root_event_ids[0]).toBe(`${tapUpdate}:0`);
    const v0 = await scanOk<UpdateItem>(net.node, `/v0/updates/${tapUpdate}?lossless=true`);
    expect(v0.offset).toMatch(/^00[0-9a-f]{16}$/);
    expect(v0.root_event_ids[0]).toBe(`#${tapUpdate}:0`);
    expect(Object.keys(v0.events_by_id).every((id) => id.startsWith('#'))).toBe(true);
    const v1Page = await scanOk<{ transactions: UpdateItem[] }>(net.node, '/v1/updates', {
      page_size: 3,
    });
    const v0Page = await scanOk<{ transactions: UpdateItem[] }>(net.node, '/v0/updates', {
      page_size: 3,
      lossless: true,
    });
    expect(v0Page.transactions.map((t) => t.update_id)).toEqual(
      v1Page.transactions.map((t) => t.update_id),
    );
  });

  it('pairs each update with its accepted verdict in the event history', async () => {
    const event = await scanOk<{ update: UpdateItem; verdict: Record<string, unknown> }>(
      net.node,
      `/v0/events/${tapUpdate}`,
    );
    expect(event.update.update_id).toBe(tapUpdate);
    expect(event.verdict).toMatchObject({
      update_id: tapUpdate,
      migration_id: 0,
      record_time: event.update.record_time,
      verdict_result: 'VERDICT_RESULT_ACCEPTED',
      submitting_parties: [alice],
    });
    const page = await scanOk<{ events: Array<{ update: UpdateItem }> }>(net.node, '/v0/events', {
      page_size: 1000,
    });
    const history = await wholeHistory(net.node);
    expect(page.events.map((e) => e.update.update_id)).toEqual(history.map((h) => h.update_id));
  });

  it('lists taps and transfers in the deprecated transaction log', async () => {
    const all = await scanOk<{ transactions: Array<Record<string, unknown>> }>(
      net.node,
      '/v0/transactions',
      {
        page_size: 100,
      },
    );
    const tapEntry = all.transactions.find((t) => t.event_id === `#${tapUpdate}:0`);
    expect(tapEntry).toMatchObject({
      transaction_type: 'devnet_tap',
      tap: { amulet_owner: alice, amulet_amount: '100.0000000000' },
    });
    const transfer = all.transactions.find((t) => t.event_id === `#${transferUpdate}:0`);
    expect(transfer).toMatchObject({
      transaction_type: 'transfer',
      transfer: { sender: { party: alice } },
    });
    const receivers = (transfer?.transfer as { receivers: unknown[] } | undefined)?.receivers;
    expect(receivers).toHaveLength(10);
    expect(receivers?.[0]).toMatchObject({ party: bob, amount: '1.0000000000' });
    const desc = await scanOk<{ transactions: Array<{ event_id: string }> }>(
      net.node,
      '/v0/transactions',
      {
        page_size: 1,
        sort_order: 'desc',
      },
    );
    expect(desc.transactions.map((t) => t.event_id)).toEqual([all.transactions.at(-1)?.event_id]);
    const next = await scanOk<{ transactions: Array<{ event_id: string }> }>(
      net.node,
      '/v0/transactions',
      {
        page_size: 100,
        page_end_event_id: all.transactions[0]?.event_id,
      },
    );
    expect(next.transactions).toEqual(all.transactions.slice(1));
  });

  it('refuses bad requests with 400 and unknown updates with 404', async () => {
    await scanError(net.node, '/v2/updates', 400, { page_size: 0 });
    await scanError(net.node, '/v2/updates', 400, { page_size: 1001 });
    await scanError(net.node, '/v2/updates', 400, {
      page_size: 10,
      after: { after_migration_id: 0, after_record_time: 'yesterday' },
    });
    await scanError(net.node, '/v1/updates', 400, { after: {} });
    await scanError(net.node, '/v0/updates', 400, { page_size: -1 });
    await scanError(net.node, '/v0/events', 400, { page_size: 5000 });
    await scanError(net.node, '/v0/transactions', 400, { page_size: 0 });
    await scanError(net.node, '/v0/transactions', 404, {
      page_size: 1,
      page_end_event_id: '#nope:0',
    });
    await scanError(net.node, `/v2/updates/${tapUpdate}?daml_value_encoding=xml`, 400);
    expect(await scanError(net.node, '/v2/updates/1220unknown', 404)).toMatch(/not found/);
    await scanError(net.node, '/v1/updates/1220unknown', 404);
    await scanError(net.node, '/v0/updates/1220unknown', 404);
    await scanError(net.node, '/v0/events/1220unknown', 404);
    await scanError(net.node, `/v2/updates/hash/${'ab'.repeat(32)}`, 404);
    const answer = await scan(net.node, '/v2/updates', {
      page_size: 1,
      after: { after_migration_id: 1, after_record_time: '2026-01-01T00:00:00Z' },
    });
    expect(answer.body).toEqual({ transactions: [] });
  });

  function expectSameEvent(item: UpdateItem, event: LedgerEvent) {
    if (event.CreatedEvent) {
      const created = event.CreatedEvent;
      expect(item.events_by_id[`${item.update_id}:${created.nodeId}`]).toMatchObject({
        event_type: 'created_event',
        contract_id: created.contractId,
        template_id: created.templateId,
        create_arguments: created.createArgument,
      });
      return;
    }
    const exercised = event.ExercisedEvent;
    if (!exercised) throw new Error('neither created nor exercised');
    const scanned = item.events_by_id[`${item.update_id}:${exercised.nodeId}`];
    expect(scanned).toMatchObject({
      event_type: 'exercised_event',
      contract_id: exercised.contractId,
      template_id: exercised.templateId,
      choice: exercised.choice,
      choice_argument: exercised.choiceArgument,
      exercise_result: exercised.exerciseResult,
      consuming: exercised.consuming,
      acting_parties: exercised.actingParties,
    });
    // The children are exactly the nodes under this one that no other node under it contains.
    for (const child of scanned?.child_event_ids ?? []) {
      const id = Number(child.split(':')[1]);
      expect(id).toBeGreaterThan(exercised.nodeId);
      expect(id).toBeLessThanOrEqual(exercised.lastDescendantNodeId);
    }
  }
});
