import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import {
  amuletRulesId,
  amuletsOf,
  archivedIn,
  balanceOf,
  createdIn,
  inputAmulet,
  output,
  rootResult,
  rulesChoice,
  submitTree,
  tap,
  transferArgument,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  advanceRounds,
  expectRefused,
  latestOpenRound,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  units,
} from './splice-fixtures.ts';

// AmuletRules_DevNet_Tap and AmuletRules_Transfer through POST /v2/commands/submit-and-wait-*,
// with their failure cases; balances are read back from the active contract set.

describe('tapping and transferring amulet over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let carol: string;

  beforeAll(async () => {
    ({ net, alice, bob, carol } = await startSpliceNodeWith(['alice', 'bob', 'carol']));
    // A desk that receivers have authorized to sign for them, as AmuletRules_Transfer needs.
    await createUser(net.node, 'desk', [alice, bob, carol], [net.dso]);
  });
  afterAll(() => net.node.close());

  const transfer = async (
    actAs: string[],
    request: { sender: string; inputs: string[]; outputs: ReturnType<typeof output>[] },
    user = 'desk',
  ) => {
    const argument = transferArgument(
      net,
      { sender: request.sender, inputs: request.inputs.map(inputAmulet), outputs: request.outputs },
      await transferContext(net),
    );
    return rulesChoice(net, { user, actAs, choice: 'AmuletRules_Transfer', argument });
  };

  it('taps amulet for the user’s own party at the open round, as a mint', async () => {
    const round = await latestOpenRound(net);
    const response = await rulesChoice(net, {
      user: 'alice',
      actAs: [alice],
      choice: 'AmuletRules_DevNet_Tap',
      argument: { receiver: alice, amount: '100.0', openRound: round.contractId },
    });
    const body = (await response.json()) as { transactionTree: Parameters<typeof createdIn>[0] };
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
      status: response.status,
      body,
    });
    const [created] = createdIn(body.transactionTree, spliceIds.amulet);
    // Holding fee 0.0000190259 USD a round at 0.005 USD per amulet: 0.00380518 amulet a round.
    expect(created?.createArgument).toEqual({
      dso: net.dso,
      owner: alice,
      amount: {
        initialAmount: '100.0000000000',
        createdAt: { number: String(round.number) },
        ratePerRound: { rate: '0.0038051800' },
      },
    });
    expect(created?.signatories.sort()).toEqual([alice, net.dso].sort());
    expect(rootResult(body.transactionTree)).toMatchObject({
      amuletSum: { amulet: created?.contractId, amuletPrice: '0.0050000000' },
      meta: { values: { 'splice.lfdecentralizedtrust.org/tx-kind': 'mint' } },
    });
    expect(await balanceOf(net, 'alice', alice)).toBe(units('100'));
  });

  it('refuses a tap for another party, by rights and by authorization, and changes nothing', async () => {
    const round = (await latestOpenRound(net)).contractId;
    const tapFor = (actAs: string) => () =>
      rulesChoice(net, {
        user: 'bob',
        actAs: [actAs],
        choice: 'AmuletRules_DevNet_Tap',
        argument: { receiver: alice, amount: '5.0', openRound: round },
      });
    // Canton redacts a permission failure: no code, no party named.
    await expectRefused(net, tapFor(alice), {
      status: 403,
      code: 'NA',
      message: /security-sensitive/,
    });
    await expectRefused(net, tapFor(bob), {
      status: 400,
      code: 'DAML_AUTHORIZATION_ERROR',
      message: /missing.*alice|alice.*missing/i,
    });
    expect(await balanceOf(net, 'bob', bob)).toBe(0n);
  });

  it('transfers two inputs to two receivers and returns the change to the sender', async () => {
    const first = (await tap(net, 'alice', alice, '60.0')).amulet;
    const second = (await tap(net, 'alice', alice, '40.0')).amulet;
    const before = await balanceOf(net, 'alice', alice);
    const response = await transfer([alice, bob, carol], {
      sender: alice,
      inputs: [first, second],
      outputs: [output(bob, '30.0'), output(carol, '20.0')],
    });
    const tree = ((await response.json()) as { transactionTree: Parameters<typeof createdIn>[0] })
      .transactionTree;
    expect(archivedIn(tree)).toEqual(expect.arrayContaining([first, second]));
    const created = createdIn(tree, spliceIds.amulet).map((event) => [
      event.createArgument.owner,
      (event.createArgument.amount as { initialAmount: string }).initialAmount,
    ]);
    expect(created).toEqual([
      [bob, '30.0000000000'],
      [carol, '20.0000000000'],
      [alice, '50.0000000000'],
    ]);
    const result = rootResult<{ summary: Record<string, unknown> }>(tree);
    expect(result.summary).toMatchObject({
      inputAmuletAmount: '100.0000000000',
      senderChangeAmount: '50.0000000000',
      senderChangeFee: '0.0000000000',
      holdingFees: '0.0000000000',
      outputFees: ['0.0000000000', '0.0000000000'],
    });
    expect(await balanceOf(net, 'alice', alice)).toBe(before - units('50'));
    expect(await balanceOf(net, 'bob', bob)).toBe(units('30'));
    expect(await balanceOf(net, 'carol', carol)).toBe(units('20'));
    const aliceAmulets = await amuletsOf(net, 'alice', alice);
    expect(aliceAmulets.has(first) || aliceAmulets.has(second)).toBe(false);
  });

  it('spends one holding once when ten transfers of it run at the same time', async () => {
    const coin = (await tap(net, 'alice', alice, '10.0')).amulet;
    const before = await balanceOf(net, 'bob', bob);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        transfer([alice, bob], { sender: alice, inputs: [coin], outputs: [output(bob, '10.0')] }),
      ),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status >= 400)).toBe(true);
    expect(await balanceOf(net, 'bob', bob)).toBe(before + units('10'));
    expect((await amuletsOf(net, 'alice', alice)).has(coin)).toBe(false);
  });

  it('refuses to spend more than the inputs hold, and changes nothing', async () => {
    const coin = (await tap(net, 'alice', alice, '10.0')).amulet;
    const balances = [await balanceOf(net, 'alice', alice), await balanceOf(net, 'bob', bob)];
    await expectRefused(
      net,
      () =>
        transfer([alice, bob], { sender: alice, inputs: [coin], outputs: [output(bob, '10.5')] }),
      {
        status: 400,
        code: 'DAML_FAILURE',
        message:
          /^Interpretation error: Error: User failure: \S+insufficient-funds \(error category 9\): .*missing 0\.5/,
        context: { error_id: 'splice.lfdecentralizedtrust.org/insufficient-funds' },
      },
    );
    expect([await balanceOf(net, 'alice', alice), await balanceOf(net, 'bob', bob)]).toEqual(
      balances,
    );
    expect((await amuletsOf(net, 'alice', alice)).has(coin)).toBe(true);
  });

  it('needs every receiver as a controller, and only the user’s own parties may be named', async () => {
    const coin = (await tap(net, 'alice', alice, '10.0')).amulet;
    const request = { sender: alice, inputs: [coin], outputs: [output(bob, '1.0')] };
    await expectRefused(net, () => transfer([alice], request, 'alice'), {
      status: 400,
      code: 'DAML_AUTHORIZATION_ERROR',
      message: /bob/,
    });
    await expectRefused(net, () => transfer([alice, bob], request, 'alice'), {
      status: 403,
      code: 'NA',
      message: /security-sensitive/,
    });
    // Bob may not spend alice's amulet even with alice's receivers' authority on his side.
    // Splice's own packages word it as a holding of the wrong owner's group.
    await expectRefused(
      net,
      () => transfer([bob], { sender: bob, inputs: [coin], outputs: [] }, 'bob'),
      {
        status: 400,
        code: 'DAML_FAILURE',
        message: /owned by alice|not bob|Contract group identifier mismatch: expected ForOwner/,
      },
    );
  });

  it('takes at most 100 inputs', async () => {
    const rules = await amuletRulesId(net);
    const openRound = (await latestOpenRound(net)).contractId;
    const taps = Array.from({ length: 101 }, () =>
      exercise(spliceIds.amuletRules, rules, 'AmuletRules_DevNet_Tap', {
        receiver: carol,
        amount: '1.0',
        openRound,
      }),
    );
    const tapped = await submitTree(net, { user: 'carol', actAs: [carol], commands: taps });
    const coins = createdIn(tapped, spliceIds.amulet).map((event) => event.contractId);
    expect(coins).toHaveLength(101);
    await expectRefused(
      net,
      () => transfer([carol], { sender: carol, inputs: coins, outputs: [] }, 'carol'),
      { status: 400, code: 'DAML_FAILURE', message: /maximum-inputs-exceeded/ },
    );
    const merged = await transfer(
      [carol],
      { sender: carol, inputs: coins.slice(0, 100), outputs: [] },
      'carol',
    );
    expect(merged.status).toBe(200);
    const balances = [...(await amuletsOf(net, 'carol', carol)).values()].sort();
    expect(balances).toContainEqual(units('100'));
  });

  it('refuses a transfer against an open round that has since been archived', async () => {
    const coin = (await tap(net, 'alice', alice, '10.0')).amulet;
    const stale = await transferContext(net);
    await advanceRounds(net, 3);
    expect((await latestOpenRound(net)).contractId).not.toBe(stale.openMiningRound);
    const argument = transferArgument(
      net,
      { sender: alice, inputs: [inputAmulet(coin)], outputs: [] },
      stale,
    );
    await expectRefused(
      net,
      () =>
        rulesChoice(net, {
          user: 'alice',
          actAs: [alice],
          choice: 'AmuletRules_Transfer',
          argument,
        }),
      { status: 404, code: 'CONTRACT_NOT_FOUND', message: /./ },
    );
    const fresh = transferArgument(
      net,
      { sender: alice, inputs: [inputAmulet(coin)], outputs: [] },
      await transferContext(net),
    );
    const merged = await rulesChoice(net, {
      user: 'alice',
      actAs: [alice],
      choice: 'AmuletRules_Transfer',
      argument: fresh,
    });
    expect(merged.status).toBe(200);
  });
});
