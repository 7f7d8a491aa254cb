import type { Value } from '@pocketnet/ledger';
import { formatMicros } from '@pocketnet/ledger';
import type { ChoiceContext } from '../src/token-standard/metadata-v1.ts';
import {
  transferFactoryInterfaceId,
  transferInstructionInterfaceId,
} from '../src/token-standard/transfer-instruction-types.ts';
import type { ExternalFixture } from './external.test-helper.ts';

// Token-standard calls as a wallet makes them: the factory or instruction by interface id,
// with the registry's choice context and its contracts disclosed.

export const dayMicros = 86_400_000_000n;

export type TokenTransfer = {
  readonly sender: string;
  readonly receiver: string;
  readonly amount: string;
  readonly inputHoldingCids: readonly string[];
  readonly executeBefore?: string;
  readonly instrumentId?: { readonly admin: string; readonly id: string };
};

export function nowTime(fixture: ExternalFixture, plusMicros = 0n): string {
  return formatMicros(fixture.ledger.clock.nowMicros() + plusMicros);
}

export function transferSpecification(fixture: ExternalFixture, transfer: TokenTransfer) {
  return {
    sender: transfer.sender,
    receiver: transfer.receiver,
    amount: transfer.amount,
    instrumentId: transfer.instrumentId ?? { admin: fixture.dso, id: 'Amulet' },
    requestedAt: nowTime(fixture),
    executeBefore: transfer.executeBefore ?? nowTime(fixture, dayMicros),
    inputHoldingCids: transfer.inputHoldingCids,
    meta: { values: {} },
  };
}

export function factoryTransfer(
  fixture: ExternalFixture,
  transfer: TokenTransfer,
  options: {
    readonly context?: Readonly<Record<string, string | boolean>>;
    readonly expectedAdmin?: string;
  } = {},
) {
  const { choiceContext, disclosed } = fixture.context(options.context);
  return fixture.exercise(
    [transfer.sender],
    {
      templateId: transferFactoryInterfaceId,
      contractId: fixture.factory,
      choice: 'TransferFactory_Transfer',
      choiceArgument: {
        expectedAdmin: options.expectedAdmin ?? fixture.dso,
        transfer: transferSpecification(fixture, transfer),
        extraArgs: { context: choiceContext, meta: { values: {} } },
      },
    },
    [fixture.factory, ...disclosed],
  );
}

export function instructionChoice(
  fixture: ExternalFixture,
  options: {
    readonly actAs: string;
    readonly instruction: string;
    readonly choice: string;
    readonly context: { choiceContext: ChoiceContext; disclosed: string[] };
    readonly extra?: Readonly<Record<string, Value>>;
  },
) {
  const { choiceContext, disclosed } = options.context;
  return fixture.exercise(
    [options.actAs],
    {
      templateId: transferInstructionInterfaceId,
      contractId: options.instruction,
      choice: options.choice,
      choiceArgument: {
        ...options.extra,
        extraArgs: { context: choiceContext, meta: { values: {} } },
      },
    },
    disclosed,
  );
}

type Output = { tag: string; value: Record<string, Value> };

/** The output and sender change of a TransferInstructionResult. */
export function instructionResult(result: Value): { output: Output; senderChangeCids: string[] } {
  return result as unknown as { output: Output; senderChangeCids: string[] };
}

export function amountsOf(holdings: Map<string, { amount: string; locked: boolean }>) {
  return [...holdings.values()]
    .map(({ amount, locked }) => `${locked ? 'locked ' : ''}${amount}`)
    .sort();
}
