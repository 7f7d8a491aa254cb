import { expect } from 'vitest';
import type { TimeMachineNode } from './time-machine-node.ts';

// What a test compares before and after a revert, a restart or a load: the answers of every
// API group (Ledger API, wallet, scan, inspector, devnet time) to the same questions.

export async function onboard(net: TimeMachineNode, name: string): Promise<string> {
  const body = await net.json<{ party_id: string }>('/api/validator/v0/admin/users', {
    user: 'administrator',
    body: { name },
  });
  return body.party_id;
}

export async function tap(net: TimeMachineNode, user: string, amount: string): Promise<void> {
  await net.json('/api/validator/v0/wallet/tap', { user, body: { amount } });
}

export async function preapprove(net: TimeMachineNode, user: string): Promise<void> {
  await net.json('/api/validator/v0/wallet/transfer-preapproval', { user, method: 'POST' });
}

/** A transfer through the receiver's preapproval: one transaction, both wallets change. */
export async function send(
  net: TimeMachineNode,
  from: string,
  to: string,
  amount: string,
  id: string,
): Promise<void> {
  await net.json('/api/validator/v0/wallet/transfer-preapproval/send', {
    user: from,
    body: { receiver_party_id: to, amount, deduplication_id: id, description: id },
  });
}

/** The party's TransferPreapproval as the validator operator looks it up; null without one. */
export async function preapprovalOf(net: TimeMachineNode, party: string): Promise<unknown> {
  const response = await net.call(
    `/api/validator/v0/admin/transfer-preapprovals/by-party/${encodeURIComponent(party)}`,
    { user: 'administrator' },
  );
  if (response.status === 404) return null;
  if (response.status !== 200) throw new Error(`preapproval lookup answered ${response.status}`);
  return response.json();
}

export async function ledgerEnd(net: TimeMachineNode): Promise<number> {
  return (await net.json<{ offset: number }>('/v2/state/ledger-end')).offset;
}

/** The Ledger API's updates `user` sees as `party`, through `end`. */
export function updatesOf(net: TimeMachineNode, user: string, party: string, end: number) {
  return net.json('/v2/updates/get-updates-page', {
    user,
    body: {
      beginOffsetExclusive: 0,
      endOffsetInclusive: end,
      maxPageSize: 1000,
      updateFormat: {
        includeTransactions: {
          eventFormat: { filtersByParty: { [party]: {} }, verbose: false },
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    },
  });
}

/** The answers, per API, that a revert must put back exactly; `users` by name, with their party. */
export async function answersOf(net: TimeMachineNode, users: Readonly<Record<string, string>>) {
  const end = await ledgerEnd(net);
  const perUser: Record<string, unknown> = {};
  for (const [user, party] of Object.entries(users)) {
    perUser[user] = {
      updates: await updatesOf(net, user, party, end),
      balance: await net.json('/api/validator/v0/wallet/balance', { user }),
      history: await net.json('/api/validator/v0/wallet/transactions', {
        user,
        body: { page_size: 100 },
      }),
      amulets: await net.json('/api/validator/v0/wallet/amulets', { user }),
      preapproval: await preapprovalOf(net, party),
    };
  }
  return {
    ledgerEnd: end,
    time: await net.json('/api/devnet/v0/time'),
    users: await net.json('/v2/users'),
    parties: await net.json('/v2/parties'),
    scanUpdates: await net.json('/api/scan/v2/updates', { user: null, body: { page_size: 1000 } }),
    rounds: await net.json('/api/scan/v0/open-and-issuing-mining-rounds', {
      user: null,
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    }),
    actors: await net.json('/api/inspect/v0/actors'),
    wallets: perUser,
  };
}

type Answers = Awaited<ReturnType<typeof answersOf>>;
type Time = { now_micros: string };

/**
 * The same answers, the clock included: back at the expected time, or the few microseconds
 * later the journal's last record time can be (each record is stamped a microsecond after the
 * last, so on a frozen test clock the record times run ahead of it; a restart, a revert and a
 * load go on from the later of the two, never back before the journal).
 */
export function expectSameAnswers(actual: Answers, expected: Answers): void {
  expect({ ...actual, time: null }).toEqual({ ...expected, time: null });
  const ahead =
    BigInt((actual.time as Time).now_micros) - BigInt((expected.time as Time).now_micros);
  expect(ahead >= 0n && ahead < 1000n, `the clock is ${ahead} µs off`).toBe(true);
}
