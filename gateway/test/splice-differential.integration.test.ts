import { readSpliceDarSet, type SpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asOperator,
  type External,
  externalKeyFromSeed,
  externalPartyPath,
  externalWithPreapproval,
  prepareSend,
  settledCommands,
  signedSubmission,
} from './external-party-sends.ts';
import { gqlData } from './graphql-harness.ts';
import { createUser, json } from './ledger-fixtures.ts';
import { ledgerEnd } from './splice-fixtures.ts';
import { advance, tapFor } from './validator-apps-fixtures.ts';
import {
  balanceOf,
  hourMicros,
  nowMicros,
  ok,
  onboard,
  startValidatorNode,
  type ValidatorNode,
} from './validator-fixtures.ts';

// Our TypeScript Splice and Splice's own packages (splice-amulet 0.1.20, issue 21) run the same
// scenario from the same seed through the wallet and validator APIs (taps, token-standard
// instructions, an offer, preapprovals featured, a traffic purchase, an ANS entry, an external
// party's TransferCommand, a delegated merge, dust, rounds with rewards and fees); what the
// ledger shows afterwards must be the same: every contract the DSO sees (template, payload),
// each wallet's and external party's balance, each wallet's history.
// Package ids and contract ids differ by construction and are left out; the real packages are
// the judge of every other difference.

const cidPattern = /^00[0-9a-f]{64,}$/;
const timePattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?Z$/;

function micros(time: string): bigint | null {
  const match = timePattern.exec(time);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(6, '0');
  return BigInt(Date.parse(`${match[1]}Z`)) * 1000n + BigInt(fraction);
}

/**
 * A payload with contract ids left out and times counted from the node's ready time (the same on
 * both, which a test checks), kept otherwise as the ledger has it.
 */
function normalized(value: unknown, readyMicros: bigint): unknown {
  if (typeof value === 'string') {
    if (cidPattern.test(value)) return '<cid>';
    const at = micros(value);
    return at === null ? value : `ready+${at - readyMicros}µs`;
  }
  if (Array.isArray(value)) return value.map((entry) => normalized(entry, readyMicros));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
        key,
        normalized(entry, readyMicros),
      ]),
    );
  }
  return value;
}

type Scenario = {
  readonly net: ValidatorNode;
  readonly parties: Record<'alice' | 'bob' | 'carol', string>;
  readonly externals: Record<'dora' | 'eve', External>;
};

type Instruction = { output: { transfer_instruction_cid?: string } };

async function tokenTransfer(scenario: Scenario, to: 'bob' | 'carol', amount: string, id: string) {
  const { net, parties } = scenario;
  const created = await ok<Instruction>(net, '/v0/wallet/token-standard/transfers', {
    user: 'alice',
    body: {
      receiver_party_id: parties[to],
      amount,
      description: `differential ${id}`,
      expires_at: (await nowMicros(net)) + hourMicros,
      tracking_id: id,
    },
  });
  return created.output.transfer_instruction_cid ?? '';
}

const act = (net: ValidatorNode, user: string, cid: string, action: string) =>
  ok(net, `/v0/wallet/token-standard/transfers/${cid}/${action}`, { user, method: 'POST' });

/** Buys `name` for `user`: the entry request, the wallet's initial payment, the DSO's collection. */
async function buyAnsEntry(net: ValidatorNode, user: string, name: string) {
  const created = await ok<{ subscriptionRequestCid: string }>(net, '/v0/entry/create', {
    user,
    body: { name, url: `https://${user}.example.com`, description: `${user}'s name` },
  });
  await ok(net, `/v0/wallet/subscription-requests/${created.subscriptionRequestCid}/accept`, {
    user,
    method: 'POST',
  });
  // The SV's automation collects the payment; moving the clock a second waits for it.
  await advance(net, 1);
}

async function externalSend({ net, externals }: Scenario) {
  await tapFor(net, net.operatorUser, '0.5');
  await ok(net, '/v0/wallet/transfer-preapproval/send', {
    user: net.operatorUser,
    body: { receiver_party_id: externals.dora.party, amount: '50', deduplication_id: 'fund-dora' },
  });
  const prepared = await prepareSend(
    net,
    { sender: externals.dora, receiver: externals.eve, amount: 10, nonce: 0 },
    (await nowMicros(net)) + hourMicros,
  );
  await ok(
    net,
    `${externalPartyPath}/transfer-preapproval/submit-send`,
    asOperator(net, signedSubmission(externals.dora, prepared)),
  );
  const [command, ...others] = await settledCommands(net, externals.dora, 0);
  if (others.length > 0 || command?.status.status !== 'sent') {
    throw new Error(`dora's send was not sent: ${JSON.stringify(command?.status)}`);
  }
}

/** The operator accepts `user`'s merge delegation; the user taps 12 holdings; they are merged. */
async function delegatedMerge({ net }: Scenario, user: string) {
  const proposals = `{ wallet { mergeDelegationProposals { contractId } } }`;
  const { wallet } = await gqlData<{
    wallet: { mergeDelegationProposals: Array<{ contractId: string }> };
  }>(net.node, proposals, {}, { user });
  const [proposal] = wallet.mergeDelegationProposals;
  await gqlData(
    net.node,
    'mutation($c: ID!) { acceptMergeDelegationProposal(contractId: $c) }',
    { c: proposal?.contractId },
    { user: net.operatorUser },
  );
  for (let tap = 0; tap < 12; tap++) await tapFor(net, user, '0.05');
  await net.node.node.automation.delegatedMerges.merge('differential-merge', async () => {});
}

/** The scenario: taps, locks and their three endings, an offer, preapprovals, many rounds. */
async function runScenario(net: ValidatorNode): Promise<Scenario> {
  const parties = {
    alice: await onboard(net, 'alice'),
    bob: await onboard(net, 'bob'),
    carol: await onboard(net, 'carol'),
  };
  // External parties with keys from fixed seeds: the same party ids on both nodes.
  const externals = {
    dora: await externalWithPreapproval(net, 'dora', externalKeyFromSeed('differential dora')),
    eve: await externalWithPreapproval(net, 'eve', externalKeyFromSeed('differential eve')),
  };
  const scenario = { net, parties, externals };
  await tapFor(net, 'alice', '1');
  await tapFor(net, 'alice', '0.5');
  await tapFor(net, 'bob', '0.25');
  // Token-standard instructions: accepted, rejected, withdrawn (several inputs for the first).
  await act(net, 'bob', await tokenTransfer(scenario, 'bob', '230', 'ts-accept'), 'accept');
  await act(net, 'carol', await tokenTransfer(scenario, 'carol', '20', 'ts-reject'), 'reject');
  await act(net, 'alice', await tokenTransfer(scenario, 'bob', '12.5', 'ts-withdraw'), 'withdraw');
  // A transfer offer, accepted and completed by the sender's wallet.
  const offer = await ok<{ offer_contract_id: string }>(net, '/v0/wallet/transfer-offers', {
    user: 'alice',
    body: {
      receiver_party_id: parties.carol,
      amount: '15',
      description: 'differential offer',
      expires_at: (await nowMicros(net)) + hourMicros,
      tracking_id: 'offer-1',
    },
  });
  const accepted = await ok<{ accepted_offer_contract_id: string }>(
    net,
    `/v0/wallet/transfer-offers/${offer.offer_contract_id}/accept`,
    { user: 'carol', method: 'POST' },
  );
  await net.node.node.wallet.offers.completeAccepted(accepted.accepted_offer_contract_id);
  // Preapprovals: bob's (its provider, the operator, is featured), paid two ways.
  await ok(net, '/v0/wallet/transfer-preapproval', { user: 'bob', method: 'POST' });
  await ok(net, '/v0/wallet/transfer-preapproval/send', {
    user: 'alice',
    body: { receiver_party_id: parties.bob, amount: '40', deduplication_id: 'pre-1' },
  });
  await tokenTransfer(scenario, 'bob', '10', 'ts-direct');
  // A traffic purchase for the validator, paid by bob (its amulet burnt, a validator coupon).
  await tapFor(net, 'bob', '20');
  const traffic = await ok<{ request_contract_id: string }>(
    net,
    '/v0/wallet/buy-traffic-requests',
    {
      user: 'bob',
      body: {
        receiving_validator_party_id: net.operator,
        domain_id: net.node.node.identity.synchronizerId,
        traffic_amount: 1_000_000,
        tracking_id: 'traffic-1',
        expires_at: (await nowMicros(net)) + hourMicros,
      },
    },
  );
  await net.node.node.wallet.traffic.complete(traffic.request_contract_id);
  // An ANS entry: alice's subscription request paid by her wallet, the entry made by the DSO.
  await tapFor(net, 'alice', '2.5');
  await buyAnsEntry(net, 'alice', 'alice.unverified.ans');
  // An external party's send: funded by the operator, dora signs a TransferCommand to eve,
  // which the DSO sends through eve's preapproval.
  await externalSend(scenario);
  // A merge: carol's delegation accepted by the operator, who merges her 12 holdings.
  await delegatedMerge(scenario, 'carol');
  // Dust: 0.002 amulet, gone to holding fees within a round.
  await tapFor(net, 'carol', '0.00001');
  // Rounds go by: markers become coupons, rounds issue and close, holding fees accrue.
  for (let round = 0; round < 6; round++) await advance(net, 600);
  // Two days on, the ExternalPartyConfigStates have passed the dust's round: the DSO expires it.
  // 61 days on, alice's entry is in its last 30 days: her wallet pays the renewal, which the DSO
  // collects into the entry's next 90 days.
  await advance(net, 61 * 86_400);
  return scenario;
}

type Outcome = {
  readyMicros: bigint;
  parties: Scenario['parties'];
  contracts: unknown[];
  balances: Record<string, unknown>;
  histories: Record<string, unknown[]>;
};

async function outcomeOf(
  { net, parties, externals }: Scenario,
  readyMicros: bigint,
): Promise<Outcome> {
  const contracts = await json<
    Array<{ contractEntry: { JsActiveContract?: { createdEvent: Record<string, unknown> } } }>
  >(
    await net.node.call('/v2/state/active-contracts', {
      user: 'dso-reader',
      body: {
        activeAtOffset: await ledgerEnd(net.node),
        eventFormat: {
          filtersByParty: {
            [net.dso]: {
              cumulative: [
                {
                  identifierFilter: {
                    WildcardFilter: { value: { includeCreatedEventBlob: false } },
                  },
                },
              ],
            },
          },
        },
      },
    }),
  );
  const views = contracts
    .flatMap(({ contractEntry }) => {
      const event = contractEntry.JsActiveContract?.createdEvent;
      if (!event) return [];
      const template = String(event.templateId).split(':').slice(1).join(':');
      return [JSON.stringify({ template, payload: normalized(event.createArgument, readyMicros) })];
    })
    .sort()
    .map((text) => JSON.parse(text) as unknown);
  const balances: Record<string, unknown> = {};
  const histories: Record<string, unknown[]> = {};
  for (const user of Object.keys(parties)) {
    balances[user] = await balanceOf(net, user);
    const { items } = await ok<{ items: Array<Record<string, unknown>> }>(
      net,
      '/v0/wallet/transactions',
      { user, body: { page_size: 100 } },
    );
    histories[user] = items.map((item) =>
      normalized(
        {
          type: item.transaction_type,
          choice: (item.transaction_subtype as { choice: string }).choice,
          sender: item.sender,
          receivers: item.receivers,
        },
        readyMicros,
      ),
    );
  }
  for (const [name, external] of Object.entries(externals)) {
    balances[name] = await ok(
      net,
      `${externalPartyPath}/balance?party_id=${encodeURIComponent(external.party)}`,
      asOperator(net),
    );
  }
  return { readyMicros, parties, contracts: views, balances, histories };
}

async function outcomeOn(spliceDars: SpliceDarSet | undefined): Promise<Outcome> {
  const net = await startValidatorNode(spliceDars ? { spliceDars } : {});
  try {
    const readyMicros = BigInt(await nowMicros(net));
    await createUser(net.node, 'dso-reader', [], [net.dso]);
    return await outcomeOf(await runScenario(net), readyMicros);
  } finally {
    await net.node.close();
  }
}

describe("our Splice and Splice's own packages, side by side", () => {
  let ours: Outcome;
  let theirs: Outcome;

  beforeAll(async () => {
    ours = await outcomeOn(undefined);
    theirs = await outcomeOn(readSpliceDarSet('../../shared/dars', '0.6.11'));
  }, 300_000);
  afterAll(() => undefined);

  it('are ready at the same time', () => {
    expect(ours.readyMicros).toBe(theirs.readyMicros);
  });

  it('leave the same contracts with the same payloads', () => {
    expect(ours.contracts.length).toBeGreaterThan(20);
    expect(ours.contracts).toEqual(theirs.contracts);
    // The dust is gone on both (0.00001 USD tapped = 0.002 amulet).
    const dust = (contracts: unknown[]) =>
      contracts.filter((contract) =>
        JSON.stringify(contract).includes('"initialAmount":"0.0020000000"'),
      );
    expect(dust(ours.contracts)).toEqual([]);
    // The scenario did what it says: the name, the external send, the merge.
    const of = (template: string) =>
      (ours.contracts as Array<{ template: string; payload: Record<string, unknown> }>).filter(
        (contract) => contract.template === template,
      );
    const dayMicros = 86_400_000_000n;
    expect(of('Splice.Ans:AnsEntry').map(({ payload }) => payload.name)).toEqual([
      'alice.unverified.ans',
    ]);
    const [entry] = of('Splice.Ans:AnsEntry');
    const expiresAfterReady = BigInt(
      /^ready\+(\d+)µs$/.exec(String(entry?.payload.expiresAt))?.[1] ?? 0,
    );
    expect(expiresAfterReady / dayMicros).toBe(180n);
    expect(
      of('Splice.ExternalPartyAmuletRules:TransferCommandCounter').map(
        ({ payload }) => payload.nextNonce,
      ),
    ).toEqual(['1']);
    const carols = of('Splice.Amulet:Amulet').filter(
      ({ payload }) => payload.owner === ours.parties.carol,
    );
    expect(carols).toHaveLength(1);
  });

  it('leave each wallet the same balance', () => {
    expect(ours.balances).toEqual(theirs.balances);
  });

  it('tell each wallet the same history', () => {
    expect(ours.histories.alice?.length).toBeGreaterThan(5);
    expect(ours.histories).toEqual(theirs.histories);
  });
});
