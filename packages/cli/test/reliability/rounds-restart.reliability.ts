import { afterEach, describe, expect, it } from 'vitest';
import { eventually, ok } from './network-http.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const operator = 'administrator';
const auditor = 'auditor';
const tickSeconds = 600;

type Event = {
  CreatedEvent?: {
    contractId: string;
    templateId: string;
    createArgument: Record<string, unknown>;
  };
  ArchivedEvent?: { contractId: string; templateId: string };
};
type Update = { update: { Transaction?: { value: { offset: number; events: Event[] } } } };

/** Every transaction of every party, as a reader of any party sees them. */
async function everything(base: string): Promise<Update[]> {
  const end = (await ok<{ offset: number }>(base, '/v2/state/ledger-end')).offset;
  const eventFormat = {
    filtersForAnyParty: { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] },
    verbose: true,
  };
  return ok<Update[]>(base, '/v2/updates', {
    user: auditor,
    body: {
      beginExclusive: 0,
      endInclusive: end,
      updateFormat: {
        includeTransactions: { eventFormat, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
      },
    },
  });
}

describe('rounds across a writer restart and a jump of five ticks', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('opens each round once and mints each coupon at most once', async () => {
    network = await startNetwork({
      gateways: 1,
      workers: 1,
      env: { POCKETNET_COMMAND_TIMEOUT_MS: '120000' },
    });
    const net = network;
    const [gateway] = net.gateways.map((g) => g.url) as [string];
    await ok(gateway, '/v2/users', {
      body: { user: { id: auditor }, rights: [{ kind: { CanReadAsAnyParty: { value: {} } } }] },
    });
    // Activity that earns rewards: alice pays bob through a transfer offer.
    for (const name of ['alice', 'bob']) {
      await ok(gateway, '/api/validator/v0/admin/users', { user: operator, body: { name } });
    }
    const bob = (
      await ok<{ party_id: string }>(gateway, '/api/validator/v0/wallet/user-status', {
        user: 'bob',
      })
    ).party_id;
    await ok(gateway, '/api/validator/v0/wallet/tap', { user: 'alice', body: { amount: '5.0' } });
    const { now_micros: now } = await ok<{ now_micros: string }>(gateway, '/api/devnet/v0/time');
    const offer = await ok<{ offer_contract_id: string }>(
      gateway,
      '/api/validator/v0/wallet/transfer-offers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount: '100.0',
          description: 'rewards',
          expires_at: Number(now) + 36e8,
          tracking_id: 'rounds',
        },
      },
    );
    await ok(
      gateway,
      `/api/validator/v0/wallet/transfer-offers/${offer.offer_contract_id}/accept`,
      { user: 'bob', method: 'POST' },
    );
    await eventually(
      () =>
        ok<{ status: string }>(gateway, '/api/validator/v0/wallet/transfer-offers/rounds/status', {
          user: 'alice',
          method: 'POST',
        }),
      (answer) => answer.status === 'completed',
    );

    const jump = () =>
      ok(gateway, '/api/devnet/v0/time/advance', { body: { seconds: 5 * tickSeconds } });
    await jump();
    await net.writer().kill('SIGKILL');
    await net.restartWriter();
    await jump();

    const updates = await everything(gateway);
    const events = updates.flatMap(({ update }) => update.Transaction?.value.events ?? []);
    const opened = events.flatMap(({ CreatedEvent: created }) =>
      created?.templateId.endsWith(':Splice.Round:OpenMiningRound')
        ? [String((created.createArgument.round as { number: string }).number)]
        : [],
    );
    // Each round opened once, and the jumps opened ten more.
    expect(new Set(opened).size).toBe(opened.length);
    expect(opened.length).toBeGreaterThanOrEqual(10);
    // Each coupon (and liveness record) minted at most once: archived at most once.
    const coupons = events.flatMap(({ CreatedEvent: created }) =>
      created && /RewardCoupon|LivenessActivityRecord/.test(created.templateId)
        ? [created.contractId]
        : [],
    );
    expect(coupons.length).toBeGreaterThan(0);
    const archives = new Map<string, number>();
    for (const { ArchivedEvent: archived } of events) {
      if (archived) archives.set(archived.contractId, (archives.get(archived.contractId) ?? 0) + 1);
    }
    const minted = coupons.filter((id) => archives.has(id));
    console.log(
      `rounds opened ${opened.join(',')}; coupons ${coupons.length}, minted or expired ${minted.length}`,
    );
    expect(minted.length).toBeGreaterThan(0);
    for (const id of coupons) expect(archives.get(id) ?? 0).toBeLessThanOrEqual(1);
  }, 600_000);
});
