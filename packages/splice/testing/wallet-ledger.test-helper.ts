import type { Command, ExercisedNode, TransactionRecord, Value } from '@pocketnet/ledger';
import { isDomainError, parseNumeric, parseTime } from '@pocketnet/ledger';
import { expect } from 'vitest';
import { amuletTemplateIds } from '../src/amulet/amulet-references.ts';
import { devNetAmuletRules } from '../src/amulet/default-config.ts';
import { spliceAmuletPackage } from '../src/amulet/splice-amulet-assembly.ts';
import { spliceAppPackages } from '../src/dso/splice-app-packages.ts';
import { tokenStandardPackages } from '../src/token-standard/token-standard-packages.ts';
import { walletReferences } from '../src/wallet/wallet-references.ts';
import type { PaymentTransferContext } from '../src/wallet-payments/amulet-types.ts';
import { fieldOf, textFieldOf } from '../src/wallet-payments/value-readers.ts';
import type { SpliceTestLedger } from './splice-ledger.test-helper.ts';
import { startSpliceLedger, synchronizerId, tickMicros } from './splice-ledger.test-helper.ts';

// A DevNet with every Splice package loaded: AmuletRules bootstrapped with its rounds, a
// validator operator, and helpers that submit as wallet backends do, reading the DSO's
// contracts (as clients would through disclosure).

export type ExerciseCommand = {
  readonly templateId: string;
  readonly contractId: string;
  readonly choice: string;
  readonly choiceArgument: unknown;
};

export type WalletNet = {
  readonly ledger: SpliceTestLedger;
  readonly dso: string;
  readonly validator: string;
  readonly amuletRules: string;
  party(hint: string): Promise<string>;
  /** Submits reading as the DSO and `readAs` (a wallet backend reads as its users). */
  submit(
    actAs: readonly string[],
    commands: readonly Command[],
    readAs?: readonly string[],
  ): Promise<TransactionRecord>;
  exercise(
    actAs: readonly string[],
    command: ExerciseCommand,
    readAs?: readonly string[],
  ): Promise<{ record: TransactionRecord; result: Value }>;
  create(actAs: readonly string[], templateId: string, argument: unknown): Promise<string>;
  /** The newest open round that has opened. */
  openRound(): string;
  paymentContext(featuredAppRight?: string | null): PaymentTransferContext;
  tap(receiver: string, amount: string): Promise<string>;
  /** Creates the user's WalletAppInstall with the validator operator. */
  install(endUser: string, endUserName?: string): Promise<string>;
  /** The owner's unlocked amulets and their amounts. */
  amulets(owner: string): { contractId: string; amount: bigint }[];
  /** The sum of the owner's unlocked amulets, in Numeric 10 units. */
  balance(owner: string): bigint;
  advance(micros: bigint): void;
};

function latestOpenRound(ledger: SpliceTestLedger): string {
  const now = ledger.clock.nowMicros();
  const roundNumber = (payload: Value) => BigInt(textFieldOf(fieldOf(payload, 'round'), 'number'));
  const opened = ledger
    .active(amuletTemplateIds.openMiningRound)
    .filter(({ payload }) => (parseTime(textFieldOf(payload, 'opensAt')) ?? now + 1n) <= now)
    .sort((a, b) => Number(roundNumber(a.payload) - roundNumber(b.payload)));
  const latest = opened.at(-1);
  if (latest === undefined) throw new Error('no open round');
  return latest.contractId;
}

type Submitters = Pick<WalletNet, 'submit' | 'exercise' | 'create'>;

/** Submissions read as the DSO too, as clients read its contracts through disclosure. */
function submittersFor(ledger: SpliceTestLedger, dso: string): Submitters {
  const submit: WalletNet['submit'] = (actAs, commands, readAs = []) =>
    ledger.submit(actAs, commands, [dso, ...readAs]);
  return {
    submit,
    async exercise(actAs, command, readAs = []) {
      const choiceArgument = command.choiceArgument as Value;
      const record = await submit(
        actAs,
        [{ kind: 'exercise', ...command, choiceArgument }],
        readAs,
      );
      const root = record.nodes[record.rootNodeIds[0] ?? 0] as ExercisedNode;
      return { record, result: root.exerciseResult };
    },
    async create(actAs, templateId, argument) {
      const createArguments = argument as Value;
      const record = await submit(actAs, [{ kind: 'create', templateId, createArguments }]);
      const created = record.nodes.find((node) => node.kind === 'created');
      if (created === undefined) throw new Error('nothing created');
      return created.contractId;
    },
  };
}

function amuletsOf(ledger: SpliceTestLedger, owner: string) {
  return ledger
    .active(amuletTemplateIds.amulet)
    .filter(({ payload }) => textFieldOf(payload, 'owner') === owner)
    .map(({ contractId, payload }) => ({
      contractId,
      amount: parseNumeric(textFieldOf(fieldOf(payload, 'amount'), 'initialAmount')),
    }));
}

/** A DevNet's AmuletRules with its first three rounds, at 0.005 USD per amulet. */
async function bootstrapAmulet(dso: string, submitters: Submitters) {
  const rules = devNetAmuletRules({ dso, synchronizerId });
  const amuletRules = await submitters.create([dso], amuletTemplateIds.amuletRules, rules);
  const round0Duration = { microseconds: tickMicros.toString() };
  await submitters.exercise([dso], {
    templateId: amuletTemplateIds.amuletRules,
    contractId: amuletRules,
    choice: 'AmuletRules_Bootstrap_Rounds',
    choiceArgument: { amuletPrice: '0.005', round0Duration, initialRound: null },
  });
  return amuletRules;
}

export async function startWalletNet(): Promise<WalletNet> {
  const packages = [...tokenStandardPackages, spliceAmuletPackage, ...spliceAppPackages];
  const ledger = await startSpliceLedger(packages);
  const [dso, validator] = [await ledger.party('DSO'), await ledger.party('validator')];
  const submitters = submittersFor(ledger, dso);
  const amuletRules = await bootstrapAmulet(dso, submitters);
  const openRound = () => latestOpenRound(ledger);
  const net: WalletNet = {
    ...submitters,
    ledger,
    dso,
    validator,
    amuletRules,
    openRound,
    party: (hint) => ledger.party(hint),
    paymentContext: (featuredAppRight = null) => ({
      amuletRules,
      context: {
        openMiningRound: openRound(),
        issuingMiningRounds: [],
        validatorRights: [],
        featuredAppRight,
      },
    }),
    async tap(receiver, amount) {
      const choiceArgument = { receiver, amount, openRound: openRound() };
      const tap = {
        templateId: amuletTemplateIds.amuletRules,
        contractId: amuletRules,
        choice: 'AmuletRules_DevNet_Tap',
      };
      const { result } = await submitters.exercise([receiver], { ...tap, choiceArgument });
      return textFieldOf(fieldOf(result, 'amuletSum'), 'amulet');
    },
    install: (endUser, endUserName = 'user') =>
      submitters.create([endUser, validator], walletReferences.walletAppInstall, {
        dsoParty: dso,
        validatorParty: validator,
        endUserName,
        endUserParty: endUser,
      }),
    amulets: (owner) => amuletsOf(ledger, owner),
    balance: (owner) => amuletsOf(ledger, owner).reduce((sum, { amount }) => sum + amount, 0n),
    advance: (micros) => ledger.clock.advance(micros),
  };
  return net;
}

/** Numeric 10 text as bigint units, for exact comparisons. */
export const units = (text: string): bigint => parseNumeric(text);

export const inputAmulet = (contractId: string) =>
  ({ tag: 'InputAmulet', value: contractId }) as const;

/** Expects a rejection with the given DomainError code and a message matching `message`. */
export async function expectRejected(
  action: Promise<unknown>,
  code: string,
  message: RegExp,
): Promise<void> {
  let failure: unknown = null;
  try {
    await action;
  } catch (error) {
    failure = error;
  }
  expect(failure, `expected a rejection with ${code}`).not.toBeNull();
  expect(isDomainError(failure) ? failure.code : failure).toBe(code);
  expect((failure as Error).message).toMatch(message);
}

/** Created contracts of a template (by reference suffix) in a transaction. */
export function createdOf(record: TransactionRecord, reference: string) {
  const entity = reference.slice(reference.indexOf(':') + 1);
  return record.nodes.filter(
    (node) => node.kind === 'created' && node.templateId.endsWith(`:${entity}`),
  );
}
