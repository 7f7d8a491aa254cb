import type { Value } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  ansSetup,
  appContext,
  buyEntry,
  dayMicros,
  entries,
  requestEntry,
} from '../../testing/ans.test-helper.ts';
import { expectRejected, inputAmulet, units } from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { ansEntryProblem, ansReferences } from './ans-config.ts';

describe('the amulet name service', () => {
  it('creates an entry once its first payment is collected, burning the 1 USD paid', async () => {
    const setup = await ansSetup();
    const { net, alice } = setup;
    const start = net.ledger.clock.nowMicros();
    await buyEntry(setup);
    // 1 USD at 0.005 USD per CC is 200 CC, paid to the DSO and burned.
    expect(net.balance(alice)).toBe(units('800.0'));
    expect(net.balance(net.dso)).toBe(0n);
    expect(net.ledger.active(amuletTemplateIds.lockedAmulet)).toEqual([]);
    const [entry] = entries(net);
    expect(entry?.payload).toMatchObject({
      user: alice,
      name: 'alice.unverified.ans',
      url: 'https://alice.example.com',
    });
    const expiresAt = Date.parse(textFieldOf(entry?.payload ?? null, 'expiresAt')) * 1000;
    expect(BigInt(expiresAt)).toBe(start + 90n * dayMicros);
    expect(net.ledger.active(paymentsReferences.subscriptionIdleState)).toHaveLength(1);
  });

  it('renews an entry for another 90 days when the renewal is paid in its last 30 days', async () => {
    const setup = await ansSetup();
    const { net, alice } = setup;
    const { context } = await buyEntry(setup);
    const [idle] = net.ledger.active(paymentsReferences.subscriptionIdleState);
    const makePayment = () =>
      setup.wallet('WalletAppInstall_ExecuteBatch', {
        context: net.paymentContext(),
        inputs: net.amulets(alice).map(({ contractId }) => inputAmulet(contractId)),
        operations: [{ tag: 'CO_SubscriptionMakePayment', value: idle?.contractId }],
      });
    await expectRejected(makePayment(), 'DAML_FAILURE', /next due date is close enough/);
    net.advance(61n * dayMicros);
    const paid = await makePayment();
    const [outcome] = fieldOf(paid.result, 'outcomes') as readonly { value: Value }[];
    const [entry] = entries(net);
    const renewed = await setup.asSv('DsoRules_CollectEntryRenewalPayment', {
      ansEntryContextCid: context,
      choiceArg: {
        paymentCid: outcome?.value,
        entryCid: entry?.contractId,
        transferContext: appContext(net),
        ansRulesCid: setup.rules,
      },
      sv: setup.sv,
    });
    const [newEntry] = entries(net);
    expect(newEntry?.contractId).toBe(textFieldOf(renewed.result, 'ansEntry'));
    const oldExpiry = Date.parse(textFieldOf(entry?.payload ?? null, 'expiresAt'));
    expect(Date.parse(textFieldOf(newEntry?.payload ?? null, 'expiresAt')) - oldExpiry).toBe(
      90 * 86_400_000,
    );
    expect(net.balance(alice)).toBe(units('600.0'));
    expect(net.balance(net.dso)).toBe(0n);
  });

  it('refuses names outside .unverified.<acronym> and requests by another party', async () => {
    const setup = await ansSetup();
    await expectRejected(
      requestEntry(setup, 'alice.ans'),
      'DAML_FAILURE',
      /must end with \.unverified/,
    );
    const [mallory] = [await setup.net.party('mallory')];
    const forAlice = setup.net.exercise([mallory], {
      templateId: ansReferences.ansRules,
      contractId: setup.rules,
      choice: 'AnsRules_RequestEntry',
      choiceArgument: { name: 'x.unverified.ans', url: '', description: '', user: setup.alice },
    });
    await expectRejected(forAlice, 'DAML_AUTHORIZATION_ERROR', /missing/);
    expect(
      ansEntryProblem({ name: 'bob.unverified.cns', url: '', description: '' }, 'cns'),
    ).toBeNull();
    expect(
      ansEntryProblem({ name: 'bob.unverified.cns', url: 'ftp://x', description: '' }),
    ).toMatch(/URL/);
  });
});
