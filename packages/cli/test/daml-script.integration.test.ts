import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDar } from '../src/script/test-dar.ts';
import { handBuiltScriptDar, walletTestDarPath } from './script-dars.ts';

// Splice's own Daml Script tests, run as `dpm test` runs them: each on a fresh node, every
// submission through the ledger engine (Splice's templates from the DAR, erased and evaluated).
// `pocketnet test --dar … --package-name splice-amulet-test` runs the 50 of the package it
// bundles too (README).
describe('Daml Scripts on an in-memory node', () => {
  it('passes every script of Splice wallet tests', { timeout: 300_000 }, async () => {
    const outcomes = await testDar(readFileSync(walletTestDarPath));
    expect(outcomes).toHaveLength(20);
    // A few by name: users and preapprovals, submitMustFail refused by Splice's own checks,
    // transfer offers accepted, rejected, withdrawn and expired as time passes.
    expect(outcomes.map((outcome) => outcome.name)).toEqual(
      expect.arrayContaining([
        'Splice.Scripts.TestWallet:testTransferPreapproval',
        'Splice.Scripts.Wallet.TestSubscriptions:testSubscriptionPaymentInLatestRoundMustFail',
        'Splice.Scripts.Wallet.TestTransferOffers:testTransferOffers',
      ]),
    );
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([]);
  });

  it('reports a script that throws with its exception, beside one that passes', async () => {
    const outcomes = await testDar(handBuiltScriptDar());
    expect(outcomes).toEqual([
      {
        name: 'Main:fails',
        ok: false,
        message:
          'Unhandled Daml exception: DA.Exception.GeneralError:GeneralError: the balance does not add up',
        location: null,
      },
      { name: 'Main:passes', ok: true },
    ]);
  });
});
