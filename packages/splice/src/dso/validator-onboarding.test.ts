import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { expectRejected, startWalletNet } from '../../testing/wallet-ledger.test-helper.ts';

const onboardingReference =
  '#splice-validator-lifecycle:Splice.ValidatorOnboarding:ValidatorOnboarding';
const hourMicros = 3_600_000_000n;

describe('validator onboarding secrets', () => {
  it('are used once with the right secret before they expire', async () => {
    const net = await startWalletNet();
    const sv = await net.party('sv1');
    const expiresAt = formatTime(net.ledger.clock.nowMicros() + hourMicros);
    const onboarding = await net.create([sv], onboardingReference, {
      sv,
      candidateSecret: 's3cr3t',
      expiresAt,
    });
    const match = (providedSecret: string) =>
      net.exercise([sv], {
        templateId: onboardingReference,
        contractId: onboarding,
        choice: 'ValidatorOnboarding_Match',
        choiceArgument: { providedSecret, validator: net.validator },
      });
    await expectRejected(match('guess'), 'DAML_FAILURE', /provided secret matches/);
    await match('s3cr3t');
    const used = net.ledger.active(
      '#splice-validator-lifecycle:Splice.ValidatorOnboarding:UsedSecret',
    );
    expect(used.map(({ payload }) => payload)).toEqual([
      { sv, secret: 's3cr3t', validator: net.validator },
    ]);
  });

  it('expire only after expiresAt', async () => {
    const net = await startWalletNet();
    const sv = await net.party('sv1');
    const expiresAt = formatTime(net.ledger.clock.nowMicros() + hourMicros);
    const onboarding = await net.create([sv], onboardingReference, {
      sv,
      candidateSecret: 'x',
      expiresAt,
    });
    const expire = () =>
      net.exercise([sv], {
        templateId: onboardingReference,
        contractId: onboarding,
        choice: 'ValidatorOnboarding_Expire',
        choiceArgument: {},
      });
    await expect(expire()).rejects.toThrow(/has not passed/);
    net.advance(hourMicros);
    await expire();
    expect(net.ledger.active(onboardingReference)).toEqual([]);
  });
});
