import type { PayloadOf, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { requireDeadlineExceeded } from '../amulet/support/time.ts';
import type { ExtraArgs } from '../token-standard/metadata-v1.ts';
import type {
  TransferInstructionResult,
  TransferSpecification,
} from '../token-standard/transfer-instruction-types.ts';
import { transferSpecificationType } from '../token-standard/transfer-instruction-types.ts';
import { transferInstructionInterface } from '../token-standard/transfer-instruction-v1.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletReferences } from './amulet-references.ts';
import type { TwoStepTransfer } from './two-step-transfer.ts';
import { abortTwoStepTransfer, executeTwoStepTransfer } from './two-step-transfer.ts';

/** The two-step view of a token-standard transfer: the sender is its own app provider. */
export function standardTransferToTwoStep(transfer: TransferSpecification): TwoStepTransfer {
  return {
    dso: transfer.instrumentId.admin,
    sender: transfer.sender,
    receiver: transfer.receiver,
    amount: transfer.amount,
    lockContext: `transfer to '${transfer.receiver}'`,
    transferBefore: transfer.executeBefore,
    transferBeforeDeadline: 'Transfer.executeBefore',
    provider: transfer.sender,
    allowFeaturing: false,
  };
}

type Instruction = { readonly lockedAmulet: string; readonly transfer: TransferSpecification };

function accept(
  tx: TransactionContext,
  instruction: Instruction,
  extraArgs: ExtraArgs,
): TransferInstructionResult {
  const twoStep = standardTransferToTwoStep(instruction.transfer);
  const outcome = executeTwoStepTransfer(tx, twoStep, {
    lockedAmulet: instruction.lockedAmulet,
    extraArgs,
  });
  return {
    output: {
      tag: 'TransferInstructionResult_Completed',
      value: { receiverHoldingCids: outcome.receiverHoldingCids },
    },
    senderChangeCids: outcome.senderHoldingCids,
    meta: outcome.meta,
  };
}

function abort(
  tx: TransactionContext,
  instruction: Instruction,
  extraArgs: ExtraArgs,
): TransferInstructionResult {
  const twoStep = standardTransferToTwoStep(instruction.transfer);
  const senderChangeCids = abortTwoStepTransfer(tx, twoStep, {
    lockedAmulet: instruction.lockedAmulet,
    extraArgs,
  });
  return {
    output: { tag: 'TransferInstructionResult_Failed', value: {} },
    senderChangeCids,
    meta: { values: {} },
  };
}

/**
 * `Splice.AmuletTransferInstruction:AmuletTransferInstruction`: a transfer offer whose amount
 * sits in a LockedAmulet held by the DSO until `executeBefore`, pending the receiver.
 */
export const amuletTransferInstruction = tiedToSplice(
  spliceAmulet['Splice.AmuletTransferInstruction'].AmuletTransferInstruction,
  defineTemplate({
    id: {
      packageName: 'splice-amulet',
      module: 'Splice.AmuletTransferInstruction',
      entity: 'AmuletTransferInstruction',
    },
    fields: {
      lockedAmulet: t.contractId(amuletReferences.lockedAmulet),
      transfer: transferSpecificationType,
    },
    signatories: ({ transfer }) => [transfer.instrumentId.admin, transfer.sender],
    observers: ({ transfer }) => [transfer.receiver],
    implements: (implement) => [
      implement(transferInstructionInterface, {
        view: ({ transfer }) => ({
          originalInstructionCid: null,
          transfer,
          status: { tag: 'TransferPendingReceiverAcceptance' as const, value: {} },
          meta: { values: {} },
        }),
        choices: {
          TransferInstruction_Accept: (tx, self, { extraArgs }) =>
            accept(tx, self.payload, extraArgs),
          TransferInstruction_Reject: (tx, self, { extraArgs }) =>
            abort(tx, self.payload, extraArgs),
          TransferInstruction_Withdraw: (tx, self, { extraArgs }) =>
            abort(tx, self.payload, extraArgs),
          /**
           * The registry ends an instruction nobody acted on: only the admin, only once
           * `executeBefore` has passed, and the funds go back to the sender.
           */
          TransferInstruction_Update: (tx, self, { extraActors, extraArgs }) => {
            if (extraActors.length > 0)
              tx.fail('Expiring a transfer instruction takes no extra actors');
            requireDeadlineExceeded(
              tx,
              'Transfer.executeBefore',
              self.payload.transfer.executeBefore,
            );
            return abort(tx, self.payload, extraArgs);
          },
        },
      }),
    ],
  }),
  {},
);

export type AmuletTransferInstruction = PayloadOf<typeof amuletTransferInstruction>;
