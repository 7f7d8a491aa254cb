import type { ExercisedNode, TransactionRecord, Value } from '@pocketnet/ledger';
import { isDomainError, parseNumeric } from '@pocketnet/ledger';
import { expect } from 'vitest';
import { amuletTemplateIds as ids } from '../src/amulet/amulet-references.ts';
import { devNetAmuletRules } from '../src/amulet/default-config.ts';
import { spliceAmuletCorePackage } from '../src/amulet/splice-amulet-package.ts';
import type {
  TransferInput,
  TransferOutput,
  TransferResult,
} from '../src/amulet/types/transfer-types.ts';
import { tokenStandardPackages } from '../src/token-standard/token-standard-packages.ts';
import type { SpliceTestLedger } from './splice-ledger.test-helper.ts';
import { startSpliceLedger, synchronizerId, tickMicros } from './splice-ledger.test-helper.ts';

// A DevNet for amulet tests: DSO, AmuletRules, bootstrapped rounds, and helpers that exercise
// the real choices. Users read the DSO's contracts through readAs, as clients would through
// disclosed contracts.

export type AmuletLedger = {
  readonly ledger: SpliceTestLedger;
  readonly dso: string;
  readonly rulesCid: string;
  party(hint: string): Promise<string>;
  /** Exercises a choice as `actAs`, reading the DSO's contracts; returns result and transaction. */
  exercise(
    actAs: readonly string[],
    command: { templateId: string; contractId: string; choice: string; choiceArgument: Value },
  ): Promise<{ record: TransactionRecord; result: Value }>;
  rules(
    choice: string,
    actAs: readonly string[],
    argument: Value,
  ): Promise<{ record: TransactionRecord; result: Value }>;
  /** Open rounds, oldest first, with their payloads. */
  openRounds(): { contractId: string; round: bigint; opensAt: string }[];
  /** The newest open round that has opened. */
  openRound(): string;
  tap(receiver: string, amount: string): Promise<string>;
  transfer(request: {
    sender: string;
    inputs: readonly TransferInput[];
    outputs: readonly TransferOutput[];
    provider?: string;
    context?: Partial<{
      issuingMiningRounds: Value;
      validatorRights: Value;
      featuredAppRight: string | null;
    }>;
  }): Promise<TransferResult>;
  /** Sum of the initial amounts of all Amulets and LockedAmulets (optionally of one owner). */
  holdings(owner?: string): bigint;
};

type RoundPayload = { round: { number: string }; opensAt: string };
type TransferRequest = Parameters<AmuletLedger['transfer']>[0];
type AmuletPayload = { owner: string; amount: { initialAmount: string } };

function roundQueries(ledger: SpliceTestLedger) {
  const openRounds = () =>
    ledger
      .active(ids.openMiningRound)
      .map(({ contractId, payload }) => {
        const { round, opensAt } = payload as RoundPayload;
        return { contractId, round: BigInt(round.number), opensAt };
      })
      .sort((a, b) => Number(a.round - b.round));
  const openRound = () => {
    const now = Number(ledger.clock.nowMicros());
    const opened = openRounds().filter(({ opensAt }) => Date.parse(opensAt) * 1000 <= now);
    const latest = opened.at(-1);
    if (latest === undefined) throw new Error('no open round');
    return latest.contractId;
  };
  return { openRounds, openRound };
}

/** AmuletRules_Transfer as a wallet would submit it, acting as everyone who must authorize. */
function transferArgument(dso: string, openRound: string, request: TransferRequest) {
  const provider = request.provider ?? request.sender;
  const { outputs } = request;
  const receivers = outputs.flatMap((output) => [output.receiver, ...(output.lock?.holders ?? [])]);
  const context = {
    openMiningRound: openRound,
    issuingMiningRounds: request.context?.issuingMiningRounds ?? [],
    validatorRights: request.context?.validatorRights ?? [],
    featuredAppRight: request.context?.featuredAppRight ?? null,
  };
  const transfer = {
    sender: request.sender,
    provider,
    inputs: request.inputs,
    outputs,
    beneficiaries: null,
  };
  const actAs = [...new Set([request.sender, provider, ...receivers])];
  return { actAs, argument: { transfer, context, expectedDso: dso } };
}

function holdingsOf(ledger: SpliceTestLedger, owner: string | undefined): bigint {
  const amulets = ledger.active(ids.amulet).map(({ payload }) => payload as AmuletPayload);
  const locked = ledger
    .active(ids.lockedAmulet)
    .map(({ payload }) => (payload as { amulet: AmuletPayload }).amulet);
  return [...amulets, ...locked]
    .filter((coin) => owner === undefined || coin.owner === owner)
    .reduce((sum, coin) => sum + toUnits(coin.amount.initialAmount), 0n);
}

async function startRules(ledger: SpliceTestLedger, round0Micros: bigint) {
  const dso = await ledger.party('DSO');
  const rulesCid = await ledger.create(
    [dso],
    ids.amuletRules,
    devNetAmuletRules({ dso, synchronizerId }),
  );
  const exercise: AmuletLedger['exercise'] = async (actAs, command) => {
    const record = await ledger.submit(actAs, [{ kind: 'exercise', ...command }], [dso]);
    const root = record.nodes[record.rootNodeIds[0] ?? 0] as ExercisedNode;
    return { record, result: root.exerciseResult };
  };
  const rules: AmuletLedger['rules'] = (choice, actAs, choiceArgument) =>
    exercise(actAs, { templateId: ids.amuletRules, contractId: rulesCid, choice, choiceArgument });
  const round0Duration = { microseconds: String(round0Micros) };
  await rules('AmuletRules_Bootstrap_Rounds', [dso], {
    amuletPrice: '0.005',
    round0Duration,
    initialRound: null,
  });
  return { dso, rulesCid, exercise, rules };
}

export async function startAmuletLedger(
  options: { round0Micros?: bigint } = {},
): Promise<AmuletLedger> {
  const ledger = await startSpliceLedger([spliceAmuletCorePackage, ...tokenStandardPackages]);
  const { dso, rulesCid, exercise, rules } = await startRules(
    ledger,
    options.round0Micros ?? tickMicros,
  );
  const { openRounds, openRound } = roundQueries(ledger);
  return {
    ledger,
    dso,
    rulesCid,
    party: (hint) => ledger.party(hint),
    exercise,
    rules,
    openRounds,
    openRound,
    async tap(receiver, amount) {
      const tap = { receiver, amount, openRound: openRound() };
      const { result } = await rules('AmuletRules_DevNet_Tap', [receiver], tap);
      return (result as { amuletSum: { amulet: string } }).amuletSum.amulet;
    },
    async transfer(request) {
      const { actAs, argument } = transferArgument(dso, openRound(), request);
      return (await rules('AmuletRules_Transfer', actAs, argument)).result as TransferResult;
    },
    holdings: (owner) => holdingsOf(ledger, owner),
  };
}

/** Numeric 10 text as bigint units (tests compare exact amounts). */
export const toUnits = (text: string): bigint => parseNumeric(text);

export function output(
  receiver: string,
  amount: string,
  lock: TransferOutput['lock'] = null,
): TransferOutput {
  return { receiver, receiverFeeRatio: '0.0', amount, lock };
}

export const inputAmulet = (cid: string): TransferInput => ({ tag: 'InputAmulet', value: cid });

/** Expects a rejection with the given DomainError code whose message matches. */
export async function expectRejected(
  action: Promise<unknown>,
  code: string,
  message: RegExp,
): Promise<void> {
  try {
    await action;
  } catch (error) {
    expect(isDomainError(error) ? error.code : error).toBe(code);
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected a rejection with ${code}`);
}
