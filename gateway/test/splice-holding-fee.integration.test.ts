import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise, json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import {
  amuletRulesId,
  amuletsOf,
  createdIn,
  inputAmulet,
  rootResult,
  submitTree,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  advanceRounds,
  decimal,
  dsoContracts,
  expectRefused,
  interfaceFilter,
  latestOpenRound,
  ledgerEnd,
  nodeTime,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  submitRaw,
  units,
} from './splice-fixtures.ts';

// The holding fee as an ExpiringAmount, read back through the token-standard Holding view after
// moving the devnet's clock: accrued fee = min(initialAmount, (round − createdAt) × rate), and
// dust, whose fee has eaten it, archived by the DSO's automation.

const createdInRound = 'amulet.splice.lfdecentralizedtrust.org/created-in-round';
const ratePerRound = 'amulet.splice.lfdecentralizedtrust.org/rate-per-round';

type HoldingView = {
  owner: string;
  instrumentId: { admin: string; id: string };
  amount: string;
  lock: unknown;
  meta: { values: Record<string, string> };
};

type ExercisedEvent = { contractId: string; choice: string; exerciseResult: unknown };

describe('holding fees over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let coins: { ten: string; dust: string; start: number };

  beforeAll(async () => {
    ({ net, alice } = await startSpliceNodeWith(['alice']));
    await createUser(net.node, 'dso-operator', [net.dso]);
  });
  afterAll(() => net.node.close());

  /** Alice's holdings as the Holding interface shows them, by contract id. */
  const holdings = async () => {
    const events = await activeContracts(net, {
      user: 'alice',
      party: alice,
      filter: interfaceFilter(spliceIds.holding),
    });
    return new Map(
      events.map((event) => [event.contractId, event.interfaceViews[0]?.viewValue as HoldingView]),
    );
  };

  it('accrues (round − createdAt) × rate, capped at the amount, as a worked example', async () => {
    const start = (await latestOpenRound(net)).number;
    coins = {
      ten: (await tap(net, 'alice', alice, '10.0')).amulet,
      dust: (await tap(net, 'alice', alice, '0.01')).amulet,
      start,
    };
    await advanceRounds(net, 3);
    const round = (await latestOpenRound(net)).number;
    expect(round - start).toBe(3);
    const acs = await net.node.call('/v2/state/active-contracts', {
      user: 'alice',
      body: {
        activeAtOffset: await ledgerEnd(net.node),
        eventFormat: {
          filtersByParty: {
            [alice]: { cumulative: [{ identifierFilter: interfaceFilter(spliceIds.holding) }] },
          },
        },
      },
    });
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/state/active-contracts',
      status: acs.status,
      body: await acs.json(),
    });
    const views = await holdings();
    const ten = views.get(coins.ten);
    // The view keeps the initial amount; the round and the rate come as metadata.
    expect(ten).toEqual({
      owner: alice,
      instrumentId: { admin: net.dso, id: 'Amulet' },
      amount: '10.0000000000',
      lock: null,
      meta: { values: { [createdInRound]: String(start), [ratePerRound]: '0.00380518' } },
    });
    const accrued = (view: HoldingView | undefined) => {
      const rounds = BigInt(round - Number(view?.meta.values[createdInRound]));
      const fee = rounds * units(view?.meta.values[ratePerRound] ?? '0');
      const initial = units(view?.amount ?? '0');
      return fee < initial ? fee : initial;
    };
    // By hand: the devnet's holding fee is 1 USD a year = 1 / 52560 rounds = 0.0000190259 USD a
    // round; at 0.005 USD per amulet that is 0.0000190259 / 0.005 = 0.00380518 amulet a round.
    // Three rounds later 10 amulet have accrued 3 × 0.00380518 = 0.01141554 in fees.
    expect(decimal(accrued(ten))).toBe('0.0114155400');
    expect(decimal(units('10') - accrued(ten))).toBe('9.9885844600');
    // 0.01 amulet would owe 0.01141554 too: the fee stops at the amount, nothing is left.
    const dust = views.get(coins.dust);
    expect(dust?.amount).toBe('0.0100000000');
    expect(decimal(accrued(dust))).toBe('0.0100000000');
  });

  it('refuses the V1 expiry; the DSO expires dust with V2 once the config states pass its round, burning the amount', async () => {
    const open = await latestOpenRound(net);
    // splice-amulet 0.1.17 on refuses Amulet_Expire, whatever the amulet.
    await expectRefused(
      net,
      () =>
        submitRaw(net, {
          user: 'dso-operator',
          actAs: [net.dso],
          readAs: [],
          commands: [
            exercise(spliceIds.amulet, coins.ten, 'Amulet_Expire', { roundCid: open.contractId }),
          ],
        }),
      {
        status: 400,
        code: 'DAML_FAILURE',
        message: /"Amulet_Expire" is no longer supported since "splice-amulet"-"0.1.17"/,
      },
    );
    expect(open.number).toBeGreaterThan(0);
    // Dust expires when createdAt + ceil(0.01 / 0.00380518) = createdAt + 3 <= the older round
    // of the two newest ExternalPartyConfigStates, which move on once a day.
    await advanceRounds(net, 1);
    expect((await holdings()).has(coins.dust)).toBe(true);
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 2 * 86_400 } });
    expect((await holdings()).has(coins.dust)).toBe(false);
    expect((await holdings()).has(coins.ten)).toBe(true);
    const events = await json<{ archived: { archivedEvent: { offset: number } } }>(
      await net.node.call('/v2/events/events-by-contract-id', {
        user: 'alice',
        body: {
          contractId: coins.dust,
          eventFormat: { filtersByParty: { [alice]: { cumulative: [] } } },
        },
      }),
    );
    const update = await json<{
      update: { Transaction: { value: { events: Array<{ ExercisedEvent?: ExercisedEvent }> } } };
    }>(
      await net.node.call('/v2/updates/update-by-offset', {
        user: 'alice',
        body: {
          offset: events.archived.archivedEvent.offset,
          updateFormat: {
            includeTransactions: {
              eventFormat: { filtersByParty: { [alice]: { cumulative: [] } } },
              transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
            },
          },
        },
      }),
    );
    const [expiry] = update.update.Transaction.value.events.flatMap((event) =>
      event.ExercisedEvent ? [event.ExercisedEvent] : [],
    );
    expect(expiry).toMatchObject({
      contractId: coins.dust,
      choice: 'Amulet_ExpireV2',
      exerciseResult: {
        expireSum: { owner: alice },
        meta: {
          values: {
            'splice.lfdecentralizedtrust.org/tx-kind': 'expire-dust',
            'splice.lfdecentralizedtrust.org/burned': '0.01',
          },
        },
      },
    });
  });

  it('charges new amulet the holding fee in amulet at the round’s price', async () => {
    await json(await net.node.call('/api/devnet/v0/amulet-price', { body: { price: '0.01' } }));
    await advanceRounds(net, 3);
    const round = await latestOpenRound(net);
    expect(round.createArgument.amuletPrice).toBe('0.0100000000');
    const coin = (await tap(net, 'alice', alice, '10.0')).amulet;
    // 0.0000190259 USD a round / 0.01 USD per amulet = 0.00190259 amulet a round.
    expect((await holdings()).get(coin)?.meta.values[ratePerRound]).toBe('0.00190259');
  });

  it('keeps the ExternalPartyConfigStates current, so two days on TransferPreapproval_SendV2 dates new amulet in a current round', async () => {
    const carol = await partyWithUser(net, 'carol');
    await createUser(net.node, 'carol-desk', [carol, net.operator], [net.dso]);
    await json(
      await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 2 * 86_400 } }),
    );
    const now = await nodeTime(net);
    const fee = (await tap(net, net.operatorUser, net.operator, '10.0')).amulet;
    const created = await submitTree(net, {
      user: 'carol-desk',
      actAs: [carol, net.operator],
      commands: [
        exercise(
          spliceIds.amuletRules,
          await amuletRulesId(net),
          'AmuletRules_CreateTransferPreapproval',
          {
            context: { amuletRules: await amuletRulesId(net), context: await transferContext(net) },
            inputs: [inputAmulet(fee)],
            receiver: carol,
            provider: net.operator,
            expiresAt: new Date(Date.parse(now) + 30 * 86_400_000).toISOString(),
            expectedDso: net.dso,
            optCreatedAt: null,
          },
        ),
      ],
    });
    const preapproval = rootResult<{ transferPreapprovalCid: string }>(
      created,
    ).transferPreapprovalCid;
    // Upstream a new state replaces the older one every day, holding a recent open round.
    const [newest] = (
      await dsoContracts(
        net,
        '#splice-amulet:Splice.ExternalPartyConfigState:ExternalPartyConfigState',
      )
    ).sort((a, b) =>
      String(b.createArgument.targetArchiveAfter).localeCompare(
        String(a.createArgument.targetArchiveAfter),
      ),
    );
    const coin = (await tap(net, 'alice', alice, '5.0')).amulet;
    const sent = await submitTree(net, {
      user: 'alice',
      actAs: [alice],
      commands: [
        exercise(spliceIds.transferPreapproval, preapproval, 'TransferPreapproval_SendV2', {
          context: { externalPartyConfigState: newest?.contractId, featuredAppRight: null },
          inputs: [inputAmulet(coin)],
          amount: '1.0',
          sender: alice,
          description: null,
          // No `meta`: a newer Splice's optional field, which splice-amulet 0.1.20 refuses.
        }),
      ],
    });
    const round = (await latestOpenRound(net)).number;
    const [received] = createdIn(sent, spliceIds.amulet).filter(
      (event) => event.createArgument.owner === carol,
    );
    const amount = received?.createArgument.amount as { createdAt: { number: string } };
    const createdAt = Number(amount.createdAt.number);
    expect(round - createdAt).toBeLessThanOrEqual(2 * 144);
    await advanceRounds(net, 1);
    expect((await amuletsOf(net, 'carol', carol)).has(received?.contractId ?? '')).toBe(true);
  });
});
