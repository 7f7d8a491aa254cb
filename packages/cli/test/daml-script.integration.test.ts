import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testDar } from '../src/script/test-dar.ts';
import { handBuiltScriptDar, walletTestDarPath } from './script-dars.ts';

// Splice's own Daml Script tests, run as `dpm test` runs them: each on a fresh node, every
// submission through the ledger engine (Splice's templates from the DAR, erased and evaluated).
// A representative set here; the whole suite (20 of splice-wallet-test, 50 of the bundled
// splice-amulet-test) runs with `pocketnet test --dar` (README).
const representative = [
  // Users and rights, transfer preapprovals, amulet transfers.
  'Splice.Scripts.TestWallet:testTransferPreapproval',
  // submitMustFail: a payment collected in the latest round is refused by Splice's own checks.
  'Splice.Scripts.Wallet.TestSubscriptions:testSubscriptionPaymentInLatestRoundMustFail',
  // Transfer offers accepted, rejected, withdrawn and expired as time passes.
  'Splice.Scripts.Wallet.TestTransferOffers:testTransferOffers',
];

describe('Daml Scripts on an in-memory node', () => {
  it('passes Splice wallet test scripts', { timeout: 180_000 }, async () => {
    const outcomes = await testDar(readFileSync(walletTestDarPath), {
      only: (entry) => representative.includes(`${entry.module}:${entry.name}`),
    });
    expect(outcomes).toEqual(representative.map((name) => ({ name, ok: true })));
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
