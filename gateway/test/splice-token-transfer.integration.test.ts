import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from './openapi-validator.ts';
import { rootResult } from './splice-amulet-calls.ts';
import {
  activeContracts,
  expectRefused,
  interfaceFilter,
  nodeTime,
  type Payload,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
} from './splice-fixtures.ts';
import {
  type Disclosed,
  disclosure,
  registryContext,
  registryContract,
  tapWithDisclosure,
  tokenStandardChoice,
  treeOf,
} from './splice-registry.ts';
import { holdingAmounts } from './splice-wallet-calls.ts';

// A token-standard transfer over the Ledger API, as a wallet SDK makes it: the sender calls
// TransferFactory_Transfer on ExternalPartyAmuletRules with the registry's choice context and
// disclosed contracts; the receiver accepts the TransferInstruction. Neither user reads as the DSO.

const dayMillis = 86_400_000;

type TransferResult = {
  output: { tag: string; value: Payload };
  senderChangeCids: string[];
};

describe('a token-standard transfer offer over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let factory: Disclosed;
  let instruction: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startSpliceNodeWith(['alice', 'bob'], { readsDso: false }));
    factory = disclosure(net, await registryContract(net, spliceIds.externalPartyAmuletRules));
  });
  afterAll(() => net.node.close());

  const offer = async (transfer: { amount: string; inputs: string[] }, expectedAdmin = net.dso) => {
    const now = await nodeTime(net);
    return tokenStandardChoice(net, {
      user: 'alice',
      actAs: alice,
      interfaceId: spliceIds.transferFactory,
      contractId: factory.contractId,
      choice: 'TransferFactory_Transfer',
      argument: {
        expectedAdmin,
        transfer: {
          sender: alice,
          receiver: bob,
          amount: transfer.amount,
          instrumentId: { admin: net.dso, id: 'Amulet' },
          requestedAt: now,
          executeBefore: new Date(Date.parse(now) + dayMillis).toISOString(),
          inputHoldingCids: transfer.inputs,
          meta: { values: {} },
        },
      },
      context: await registryContext(net),
      disclose: [factory],
    });
  };

  it('locks the offered amount for the DSO until executeBefore and creates an instruction', async () => {
    const coin = await tapWithDisclosure(net, { user: 'alice', party: alice, amount: '1000.0' });
    const response = await offer({ amount: '400', inputs: [coin] });
    const body = await response.clone().json();
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
      status: response.status,
      body,
    });
    const result = rootResult<TransferResult>(await treeOf(response));
    expect(result.output.tag).toBe('TransferInstructionResult_Pending');
    expect(result.senderChangeCids).toHaveLength(1);
    instruction = String(result.output.value.transferInstructionCid);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual([
      '600.0000000000',
      'locked 400.0000000000',
    ]);
    const [locked] = (
      await activeContracts(net, {
        user: 'alice',
        party: alice,
        filter: interfaceFilter(spliceIds.holding),
      })
    ).filter((event) => event.interfaceViews[0]?.viewValue.lock !== null);
    expect(locked?.interfaceViews[0]?.viewValue.lock).toMatchObject({
      holders: [net.dso],
      expiresAfter: null,
      context: `transfer to '${bob}'`,
    });
  });

  it('shows the receiver the instruction through the TransferInstruction interface', async () => {
    const seen = await activeContracts(net, {
      user: 'bob',
      party: bob,
      filter: interfaceFilter(spliceIds.transferInstruction),
    });
    expect(seen.map((event) => event.contractId)).toEqual([instruction]);
    expect(seen[0]?.interfaceViews[0]?.viewValue).toMatchObject({
      transfer: { sender: alice, receiver: bob, amount: '400.0000000000' },
      status: { tag: 'TransferPendingReceiverAcceptance' },
    });
    expect(await holdingAmounts(net, 'bob', bob)).toEqual([]);
  });

  it('refuses an offer naming another admin, and changes nothing', async () => {
    const [change] = (
      await activeContracts(net, {
        user: 'alice',
        party: alice,
        filter: interfaceFilter(spliceIds.holding),
      })
    ).filter((event) => event.interfaceViews[0]?.viewValue.lock === null);
    await expectRefused(
      net,
      () => offer({ amount: '10', inputs: [change?.contractId ?? ''] }, bob),
      {
        status: 400,
        code: 'DAML_FAILURE',
        message: /Expected admin/,
      },
    );
    await expectRefused(net, () => offer({ amount: '601', inputs: [change?.contractId ?? ''] }), {
      status: 400,
      code: 'DAML_FAILURE',
      message: /insufficient-funds/,
    });
  });

  it('pays the receiver when it accepts with the registry context and the locked amulet disclosed', async () => {
    const locked = await registryContract(net, spliceIds.lockedAmulet);
    const accept =
      (user = 'bob', actAs = bob) =>
      () =>
        registryContext(net).then((context) =>
          tokenStandardChoice(net, {
            user,
            actAs,
            interfaceId: spliceIds.transferInstruction,
            contractId: instruction,
            choice: 'TransferInstruction_Accept',
            argument: {},
            context,
            disclose: [disclosure(net, locked)],
          }),
        );
    // Only the receiver may accept: the sender, though a stakeholder, cannot.
    await expectRefused(net, accept('alice', alice), {
      status: 400,
      code: 'DAML_AUTHORIZATION_ERROR',
      message: /bob/,
    });
    const result = rootResult<TransferResult>(await treeOf(await accept()()));
    expect(result.output.tag).toBe('TransferInstructionResult_Completed');
    expect(await holdingAmounts(net, 'bob', bob)).toEqual(['400.0000000000']);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['600.0000000000']);
    expect(
      await activeContracts(net, {
        user: 'bob',
        party: bob,
        filter: interfaceFilter(spliceIds.transferInstruction),
      }),
    ).toEqual([]);
    await expectRefused(net, accept(), { status: 404, code: 'CONTRACT_NOT_FOUND', message: /./ });
  });
});
