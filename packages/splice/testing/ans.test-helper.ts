import type { Value } from '@pocketnet/ledger';
import { expect } from 'vitest';
import { ansReferences, defaultAnsRulesConfig } from '../src/ans/ans-config.ts';
import { initialDsoRules } from '../src/dso/dso-defaults.ts';
import { dsoReferences } from '../src/dso/dso-types.ts';
import { walletReferences } from '../src/wallet/wallet-references.ts';
import { fieldOf, textFieldOf } from '../src/wallet-payments/value-readers.ts';
import type { WalletNet } from './wallet-ledger.test-helper.ts';
import { inputAmulet, startWalletNet } from './wallet-ledger.test-helper.ts';

// A DevNet with the name service: AnsRules with Splice's defaults, a one-SV DsoRules whose
// SV runs the DSO's automation, and alice's wallet paying for her entries.

export const dayMicros = 86_400_000_000n;

export async function ansSetup() {
  const net = await startWalletNet();
  const [alice, sv] = [await net.party('alice'), await net.party('sv1')];
  const install = await net.install(alice, 'alice');
  const rules = await net.create([net.dso], ansReferences.ansRules, {
    dso: net.dso,
    config: defaultAnsRulesConfig,
  });
  const dsoRules = await net.create(
    [net.dso],
    dsoReferences.dsoRules,
    initialDsoRules({
      dso: net.dso,
      svs: [{ party: sv, name: 'sv1', participantId: 'PAR::sv1' }],
      isDevNet: true,
      synchronizerId: 'global-domain::1220',
    }),
  );
  const wallet = (choice: string, choiceArgument: unknown) =>
    net.exercise(
      [net.validator],
      {
        templateId: walletReferences.walletAppInstall,
        contractId: install,
        choice,
        choiceArgument,
      },
      [alice],
    );
  const asSv = (choice: string, choiceArgument: unknown) =>
    net.exercise(
      [sv],
      { templateId: dsoReferences.dsoRules, contractId: dsoRules, choice, choiceArgument },
      [net.dso],
    );
  return { net, alice, sv, rules, dsoRules, wallet, asSv };
}

export type AnsSetup = Awaited<ReturnType<typeof ansSetup>>;

export const appContext = (net: WalletNet) => ({
  amuletRules: net.amuletRules,
  openMiningRound: net.openRound(),
  featuredAppRight: null,
});

export async function requestEntry(setup: AnsSetup, name = 'alice.unverified.ans') {
  const { result } = await setup.net.exercise([setup.alice], {
    templateId: ansReferences.ansRules,
    contractId: setup.rules,
    choice: 'AnsRules_RequestEntry',
    choiceArgument: {
      name,
      url: 'https://alice.example.com',
      description: 'Alice',
      user: setup.alice,
    },
  });
  return { context: textFieldOf(result, 'entryCid'), request: textFieldOf(result, 'requestCid') };
}

/** The DSO's automation collects the initial payment: one SV confirms, then executes. */
export async function collectInitial(setup: AnsSetup, context: string, payment: string) {
  const action = {
    tag: 'ARC_AnsEntryContext',
    value: {
      ansEntryContextCid: context,
      ansEntryContextAction: {
        tag: 'ANSRARC_CollectInitialEntryPayment',
        value: {
          paymentCid: payment,
          transferContext: appContext(setup.net),
          ansRulesCid: setup.rules,
        },
      },
    },
  };
  const confirmed = await setup.asSv('DsoRules_ConfirmAction', { confirmer: setup.sv, action });
  return setup.asSv('DsoRules_ExecuteConfirmedAction', {
    action,
    amuletRulesCid: null,
    confirmationCids: [textFieldOf(confirmed.result, 'confirmation')],
    sv: setup.sv,
  });
}

export async function buyEntry(setup: AnsSetup) {
  const coin = await setup.net.tap(setup.alice, '1000.0');
  const { context, request } = await requestEntry(setup);
  const paid = await setup.wallet('WalletAppInstall_ExecuteBatch', {
    context: setup.net.paymentContext(),
    inputs: [inputAmulet(coin)],
    operations: [{ tag: 'CO_SubscriptionAcceptAndMakeInitialPayment', value: request }],
  });
  const [outcome] = fieldOf(paid.result, 'outcomes') as readonly { tag: string; value: Value }[];
  expect(outcome?.tag).toBe('COO_SubscriptionInitialPayment');
  await collectInitial(setup, context, String(outcome?.value));
  return { context };
}

export const entries = (net: WalletNet) => net.ledger.active(ansReferences.ansEntry);
