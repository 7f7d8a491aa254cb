import type { PayloadOf, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { requireDeadlineExceeded, requireWithinDeadline } from '../amulet/support/time.ts';
import { transferInputType } from '../amulet/types/transfer-types.ts';
import { optionalType } from '../token-standard/optional-type.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { paymentTransferContextType } from './amulet-types.ts';
import type { sendThroughPreapproval } from './preapproval-send.ts';
import {
  commandNonceResult,
  sendCommandResultType,
  transferCommandReferences,
} from './transfer-command-types.ts';

/**
 * `Splice.ExternalPartyAmuletRules:TransferCommandCounter`: how many TransferCommands of a
 * sender were sent (or failed); the next command's nonce must equal `nextNonce`.
 */
export const transferCommandCounter = tiedToSplice(
  spliceAmulet['Splice.ExternalPartyAmuletRules'].TransferCommandCounter,
  defineTemplate({
    id: {
      packageName: 'splice-amulet',
      module: 'Splice.ExternalPartyAmuletRules',
      entity: 'TransferCommandCounter',
    },
    fields: { dso: t.party(), sender: t.party(), nextNonce: t.int64() },
    signatories: ({ dso }) => [dso],
    observers: ({ sender }) => [sender],
  }),
  {},
);

export type TransferCommandCounter = PayloadOf<typeof transferCommandCounter>;

const commandFields = {
  dso: t.party(),
  sender: t.party(),
  receiver: t.party(),
  /** Executes the transfer (the DSO). */
  delegate: t.party(),
  amount: t.numeric(10),
  expiresAt: t.time(),
  nonce: t.int64(),
  description: optionalType(t.text()),
};

type Command = { readonly [K in keyof typeof commandFields]: unknown } & {
  readonly dso: string;
  readonly sender: string;
  readonly receiver: string;
  readonly amount: string;
  readonly expiresAt: string;
  readonly nonce: string;
  readonly description: string | null;
};

type SendArgument = {
  readonly context: Parameters<typeof sendThroughPreapproval>[2]['context'];
  readonly inputs: Parameters<typeof sendThroughPreapproval>[2]['inputs'];
  readonly transferPreapprovalCidO: string | null;
  readonly transferCounterCid: string;
};

const failure = (command: Command, description: string) => ({
  result: {
    tag: 'TransferCommandResultFailure' as const,
    value: { reason: { tag: 'ITR_Other' as const, value: { description } } },
  },
  ...commandNonceResult(command),
});

/**
 * TransferCommand_Send: a nonce below the counter is spent (the command fails but is
 * archived), one above it aborts (kept for a retry); at the counter, the counter moves on
 * and the amount goes through the receiver's TransferPreapproval, if there is one.
 */
function sendCommand(tx: TransactionContext, command: Command, argument: SendArgument) {
  const counter = tx.fetch(transferCommandCounter, argument.transferCounterCid);
  if (counter.sender !== command.sender || counter.dso !== command.dso) {
    tx.fail(`TransferCommandCounter ${argument.transferCounterCid} is not ${command.sender}'s`);
  }
  const next = BigInt(counter.nextNonce);
  const nonce = BigInt(command.nonce);
  if (next > nonce) {
    return failure(command, `Expected nonce ${nonce} is smaller than current counter ${next}`);
  }
  if (next < nonce) tx.fail(`Expected nonce ${nonce} is bigger than current counter ${next}`);
  tx.archive(transferCommandCounter, argument.transferCounterCid);
  tx.create(transferCommandCounter, { ...counter, nextNonce: String(next + 1n) });
  if (argument.transferPreapprovalCidO === null) {
    return failure(command, `No TransferPreapproval for receiver ${command.receiver}`);
  }
  const preapproval = tx.fetch(
    transferCommandReferences.transferPreapproval,
    argument.transferPreapprovalCidO,
  ) as Record<string, unknown>;
  if (preapproval.receiver !== command.receiver || preapproval.dso !== command.dso) {
    tx.fail(`TransferPreapproval ${argument.transferPreapprovalCidO} is not the receiver's`);
  }
  requireWithinDeadline(tx, 'TransferCommand.expiresAt', command.expiresAt);
  const sent = tx.exercise(
    transferCommandReferences.transferPreapproval,
    argument.transferPreapprovalCidO,
    'TransferPreapproval_Send',
    {
      context: argument.context,
      inputs: argument.inputs,
      amount: command.amount,
      sender: command.sender,
      description: command.description,
    },
  ) as { result: unknown };
  return {
    result: { tag: 'TransferCommandResultSuccess' as const, value: { result: sent.result } },
    ...commandNonceResult(command),
  };
}

/**
 * `Splice.ExternalPartyAmuletRules:TransferCommand` (deprecated in Splice): an external
 * sender's one-time delegation to the DSO to send `amount` to `receiver` by its preapproval.
 */
export const transferCommand = tiedToSplice(
  spliceAmulet['Splice.ExternalPartyAmuletRules'].TransferCommand,
  defineTemplate({
    id: transferCommandReferences.transferCommandId,
    fields: commandFields,
    signatories: ({ sender, dso }) => [sender, dso],
    observers: ({ delegate }) => [delegate],
    choices: (choice) => ({
      TransferCommand_Send: choice({
        controllers: ({ delegate }) => [delegate],
        argument: {
          context: paymentTransferContextType,
          inputs: t.list(transferInputType),
          transferPreapprovalCidO: optionalType(t.contractId('TransferPreapproval')),
          transferCounterCid: t.contractId('TransferCommandCounter'),
        },
        result: sendCommandResultType,
        body: (tx, self, argument) =>
          sendCommand(tx, self.payload as Command, argument as SendArgument) as never,
      }),
      TransferCommand_Withdraw: choice({
        controllers: ({ sender }) => [sender],
        argument: {},
        result: t.record(
          { sender: t.party(), nonce: t.int64() },
          'Splice.ExternalPartyAmuletRules:TransferCommand_WithdrawResult',
        ),
        body: (_tx, self) => commandNonceResult(self.payload),
      }),
      TransferCommand_Expire: choice({
        controllers: (_payload, { p }) => [p],
        argument: { p: t.party() },
        result: t.record(
          { sender: t.party(), nonce: t.int64() },
          'Splice.ExternalPartyAmuletRules:TransferCommand_ExpireResult',
        ),
        body: (tx, self, { p }) => {
          const { sender, dso, delegate } = self.payload;
          if (p !== sender && p !== dso && p !== delegate) {
            tx.fail('Controller is a stakeholder');
          }
          requireDeadlineExceeded(tx, 'TransferCommand.expiresAt', self.payload.expiresAt);
          return commandNonceResult(self.payload);
        },
      }),
    }),
  }),
  { lacks: {}, differs: {} },
);

export type TransferCommand = PayloadOf<typeof transferCommand>;
