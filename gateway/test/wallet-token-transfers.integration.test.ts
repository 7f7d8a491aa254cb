import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  balanceOf,
  hourMicros,
  nowMicros,
  ok,
  refused,
  startWithUsers,
  type ValidatorNode,
} from './validator-fixtures.ts';

// Token-standard transfers through the wallet API: the sender's amount is locked in an
// AmuletTransferInstruction until the receiver accepts (it gets the amulet) or rejects, or the
// sender withdraws (the locked amulet comes back either way).

type Outcome = {
  output: { transfer_instruction_cid?: string; receiver_holding_cids?: string[] };
  sender_change_cids: string[];
  meta: Record<string, string>;
};

describe('token-standard transfers through the wallet API', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startWithUsers('alice', 'bob'));
    await tapFor(net, 'alice', '1');
  });
  afterAll(() => net.node.close());

  const send = async (trackingId: string, amount: string) =>
    ok<Outcome>(net, '/v0/wallet/token-standard/transfers', {
      user: 'alice',
      body: {
        receiver_party_id: bob,
        amount,
        description: `for ${trackingId}`,
        expires_at: (await nowMicros(net)) + hourMicros,
        tracking_id: trackingId,
      },
    });
  const act = (user: string, cid: string, action: string) =>
    ok<Outcome>(net, `/v0/wallet/token-standard/transfers/${cid}/${action}`, {
      user,
      method: 'POST',
    });
  const unlockedAndLocked = async (user: string) => {
    const balance = await balanceOf(net, user);
    return [balance.effective_unlocked_qty, balance.effective_locked_qty];
  };

  it('locks the amount in a pending instruction the receiver accepts, and pays the receiver', async () => {
    const created = await send('ts-1', '30');
    const cid = created.output.transfer_instruction_cid ?? '';
    expect(cid).not.toBe('');
    expect(await unlockedAndLocked('alice')).toEqual(['170.0000000000', '30.0000000000']);
    const holdings = await ok<{
      locked_amulets: Array<{ effective_amount: string; accrued_holding_fee: string }>;
    }>(net, '/v0/wallet/amulets', { user: 'alice' });
    // The lock is dated the ExternalPartyConfigState's round (round 0 here), as splice-amulet
    // 0.1.20 prices every token-standard step: one round of holding fee against open round 1.
    expect(holdings.locked_amulets).toEqual([
      expect.objectContaining({
        effective_amount: '29.9961948200',
        accrued_holding_fee: '0.0038051800',
      }),
    ]);
    const listed = await ok<{ transfers: Array<{ contract_id: string; payload: unknown }> }>(
      net,
      '/v0/wallet/token-standard/transfers',
      { user: 'bob' },
    );
    expect(listed.transfers.map((transfer) => transfer.contract_id)).toEqual([cid]);
    expect(listed.transfers[0]?.payload).toMatchObject({
      transfer: { sender: alice, receiver: bob, amount: '30.0000000000' },
    });
    const accepted = await act('bob', cid, 'accept');
    expect(accepted.output.receiver_holding_cids).toHaveLength(1);
    expect(await unlockedAndLocked('alice')).toEqual(['170.0000000000', '0.0000000000']);
    expect(await unlockedAndLocked('bob')).toEqual(['30.0000000000', '0.0000000000']);
  });

  it('gives the locked amount back when the receiver rejects', async () => {
    const created = await send('ts-2', '20');
    expect(await unlockedAndLocked('alice')).toEqual(['150.0000000000', '20.0000000000']);
    const rejected = await act('bob', created.output.transfer_instruction_cid ?? '', 'reject');
    expect(rejected.output).toEqual({});
    expect(rejected.sender_change_cids).toHaveLength(1);
    expect(await unlockedAndLocked('alice')).toEqual(['170.0000000000', '0.0000000000']);
    expect(await unlockedAndLocked('bob')).toEqual(['30.0000000000', '0.0000000000']);
  });

  it('returns the locked funds when the sender withdraws', async () => {
    const created = await send('ts-3', '12.5');
    expect(await unlockedAndLocked('alice')).toEqual(['157.5000000000', '12.5000000000']);
    const withdrawn = await act('alice', created.output.transfer_instruction_cid ?? '', 'withdraw');
    expect(withdrawn.output).toEqual({});
    expect(await unlockedAndLocked('alice')).toEqual(['170.0000000000', '0.0000000000']);
    const { transfers } = await ok<{ transfers: unknown[] }>(
      net,
      '/v0/wallet/token-standard/transfers',
      { user: 'alice' },
    );
    expect(transfers).toEqual([]);
  });

  it('lets only the receiver accept or reject and only the sender withdraw (403)', async () => {
    const cid = (await send('ts-4', '1')).output.transfer_instruction_cid ?? '';
    await refused(
      net,
      `/v0/wallet/token-standard/transfers/${cid}/withdraw`,
      {
        user: 'bob',
        method: 'POST',
      },
      { status: 403 },
    );
    await refused(
      net,
      `/v0/wallet/token-standard/transfers/${cid}/accept`,
      {
        user: 'alice',
        method: 'POST',
      },
      { status: 403 },
    );
    expect(await unlockedAndLocked('alice')).toEqual(['169.0000000000', '1.0000000000']);
  });

  it('answers a tracking id used before with 409, moving nothing', async () => {
    await refused(
      net,
      '/v0/wallet/token-standard/transfers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount: '5',
          description: 'again',
          expires_at: (await nowMicros(net)) + hourMicros,
          tracking_id: 'ts-1',
        },
      },
      { status: 409 },
    );
    expect(await unlockedAndLocked('alice')).toEqual(['169.0000000000', '1.0000000000']);
  });

  it('shows each instruction step in the histories', async () => {
    const { items } = await ok<{
      items: Array<{
        event_id: string;
        transaction_subtype: { choice: string };
        transfer_instruction_cid?: string;
      }>;
    }>(net, '/v0/wallet/transactions', { user: 'alice', body: { page_size: 50 } });
    // Splice's ids: `#<updateId>:<nodeId>`, the update one the ledger knows.
    for (const { event_id } of items) expect(event_id).toMatch(/^#[0-9a-f]+:\d+$/);
    const [updateId] = (items[0]?.event_id ?? '').slice(1).split(':');
    const update = await net.node.call('/v2/updates/update-by-id', {
      user: 'alice',
      body: {
        updateId,
        updateFormat: {
          includeTransactions: {
            eventFormat: { filtersByParty: { [alice]: {} }, verbose: false },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        },
      },
    });
    expect(update.status).toBe(200);
    expect(items.map((item) => item.transaction_subtype.choice)).toEqual([
      'TransferFactory_Transfer',
      'TransferInstruction_Withdraw',
      'TransferFactory_Transfer',
      'TransferInstruction_Reject',
      'TransferFactory_Transfer',
      'TransferInstruction_Accept',
      'TransferFactory_Transfer',
      'AmuletRules_DevNet_Tap',
    ]);
    expect(items.slice(0, 7).every((item) => item.transfer_instruction_cid)).toBe(true);
    const bobs = await ok<{ items: unknown[] }>(net, '/v0/wallet/transactions', {
      user: 'bob',
      body: { page_size: 50 },
    });
    expect(bobs.items).toHaveLength(7);
  });

  it("changes each wallet's balance once per entry: the lock moves the amount, the acceptance does not again", async () => {
    type Item = {
      transaction_subtype: { choice: string };
      sender?: { party: string; amount: string };
      receivers?: Array<{ party: string; amount: string }>;
    };
    const historyOf = async (user: string) =>
      (
        await ok<{ items: Item[] }>(net, '/v0/wallet/transactions', {
          user,
          body: { page_size: 50 },
        })
      ).items;
    const units = (amount: string) => BigInt(amount.replace('.', ''));
    const changeOf = (items: Item[], party: string) =>
      items
        .flatMap((item) => [
          ...(item.sender?.party === party ? [item.sender.amount] : []),
          ...(item.receivers ?? []).filter((r) => r.party === party).map((r) => r.amount),
        ])
        .reduce((sum, amount) => sum + units(amount), 0n);
    const alices = await historyOf('alice');
    const accepted = alices.find(
      (item) => item.transaction_subtype.choice === 'TransferInstruction_Accept',
    );
    expect(accepted?.sender).toEqual({ party: alice, amount: '0.0000000000' });
    expect(accepted?.receivers).toEqual([{ party: bob, amount: '30.0000000000' }]);
    // Summed over the history, the changes are what each wallet can spend now.
    for (const [user, party] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      const [unlocked] = await unlockedAndLocked(user);
      expect(changeOf(await historyOf(user), party)).toBe(units(unlocked ?? ''));
    }
  });
});
