import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from './splice-fixtures.ts';
import { ok, startValidatorNode, type ValidatorNode } from './validator-fixtures.ts';

// The rewards a wallet's own transactions minted, as its history tells them: the validator's
// liveness record counts once in validator_rewards_used (the transfer's
// inputValidatorRewardAmount already includes what the liveness faucet minted).

type HistoryItem = {
  transaction_type: string;
  app_rewards_used: string;
  validator_rewards_used: string;
  sv_rewards_used: string;
  receivers: Array<{ party: string; amount: string }>;
  sender?: { party: string; amount: string };
};

describe('wallet history of collected rewards', () => {
  let net: ValidatorNode;
  beforeAll(async () => {
    net = await startValidatorNode();
  });
  afterAll(() => net.node.close());

  it('counts a liveness record once in validator_rewards_used', async () => {
    const automation = net.node.node.automation;
    const [liveness] = automation.liveness.pending();
    expect(liveness).toBeDefined();
    if (!liveness) return;
    await automation.liveness.record(liveness, 'liveness/test');
    // The record's round issues once it has closed for summarising: two rounds on.
    for (let step = 0; step < 4 && automation.rewards.pending().length === 0; step++) {
      const advanced = await net.node.call('/api/devnet/v0/rounds/advance', { body: { count: 1 } });
      expect(advanced.status).toBe(200);
    }
    const [work] = automation.rewards.pending().filter((found) => found.party === net.operator);
    expect(work).toBeDefined();
    if (!work) return;
    const before = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: net.operatorUser,
    });
    expect(await automation.rewards.collect(work, 'rewards/test')).toMatchObject({
      outcome: 'done',
    });
    const after = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: net.operatorUser,
    });
    const minted = units(after.effective_unlocked_qty) - units(before.effective_unlocked_qty);
    expect(minted).toBeGreaterThan(0n);
    const { items } = await ok<{ items: HistoryItem[] }>(net, '/v0/wallet/transactions', {
      user: net.operatorUser,
      body: { page_size: 1 },
    });
    const [collection] = items;
    expect(collection?.app_rewards_used).toBe('0.0000000000');
    // Nothing but the liveness record went in: what it minted is what the wallet gained.
    expect(units(collection?.validator_rewards_used ?? '0')).toBe(minted);
  });
});
