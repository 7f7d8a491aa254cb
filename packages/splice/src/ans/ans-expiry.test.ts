import { describe, expect, it } from 'vitest';
import { ansSetup, buyEntry, dayMicros, entries } from '../../testing/ans.test-helper.ts';
import { expectRejected } from '../../testing/wallet-ledger.test-helper.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { ansReferences } from './ans-config.ts';

describe('expiry in the amulet name service', () => {
  it('expires an entry only after its expiry', async () => {
    const setup = await ansSetup();
    const { net } = setup;
    await buyEntry(setup);
    const [entry] = entries(net);
    const expire = () =>
      setup.asSv('DsoRules_ExpireAnsEntry', {
        ansEntryCid: entry?.contractId,
        choiceArg: { actor: net.dso },
        sv: setup.sv,
      });
    await expectRejected(expire(), 'DAML_FAILURE', /Contract expired/);
    net.advance(91n * dayMicros);
    await expire();
    expect(entries(net)).toEqual([]);
  });

  it('ends the subscription and its entry context once a payment is missed', async () => {
    const setup = await ansSetup();
    const { net } = setup;
    const { context } = await buyEntry(setup);
    const [idle] = net.ledger.active(paymentsReferences.subscriptionIdleState);
    const expire = () =>
      setup.asSv('DsoRules_ExpireSubscription', {
        ansEntryContextCid: context,
        subscriptionIdleStateCid: idle?.contractId,
        choiceArg: { actor: net.dso },
        sv: setup.sv,
      });
    await expectRejected(expire(), 'DAML_FAILURE', /Last subscription payment was missed/);
    net.advance(91n * dayMicros);
    await expire();
    expect(net.ledger.active(ansReferences.ansEntryContext)).toEqual([]);
    expect(net.ledger.active(paymentsReferences.subscription)).toEqual([]);
    expect(net.ledger.active(paymentsReferences.terminatedSubscription)).toEqual([]);
    expect(entries(net)).toHaveLength(1);
  });
});
