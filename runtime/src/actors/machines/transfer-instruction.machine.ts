import { assertEvent, assign, emit, setup } from 'xstate';
import { eventTime, millisUntil, withContract } from './machine-time.ts';

// A token-standard transfer (Splice.AmuletTransferInstruction:AmuletTransferInstruction): the
// amount sits locked for the DSO until `executeBefore`; the receiver accepts it, or it is
// rejected, withdrawn or expires, and then the locked amount returns to the sender.

export type TransferInstructionEnd = 'completed' | 'rejected' | 'withdrawn' | 'expired';

export type TransferInstructionInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly sender: string;
  readonly receiver: string;
  readonly admin: string;
  readonly instrumentId: string;
  readonly amount: string;
  readonly requestedAt: string;
  readonly executeBefore: string;
  readonly lockedAmuletContractId: string;
};

export type TransferInstructionContext = Omit<TransferInstructionInput, 'at' | 'contractId'> & {
  readonly instructionContractId: string;
  readonly receiverHoldingContractIds: readonly string[];
  /** The holdings the sender got back when the instruction ended without a transfer. */
  readonly returnedHoldingContractIds: readonly string[];
  /** Who the locked amount goes back to once the instruction ended without a transfer. */
  readonly lockedAmountReturnedTo: string | null;
  readonly end: TransferInstructionEnd | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type TransferInstructionEvent =
  | (Step & {
      readonly type: 'instruction.completed';
      readonly receiverHoldingContractIds: readonly string[];
    })
  | (Step & {
      readonly type: 'instruction.rejected' | 'instruction.withdrawn' | 'instruction.expired';
      readonly returnedHoldingContractIds: readonly string[];
    });

export type TransferInstructionEmitted = {
  readonly type: 'instruction.expiryDue';
  readonly contractId: string;
};

export type TransferInstructionOutput = {
  readonly status: TransferInstructionEnd;
  readonly transactionId: string | null;
  readonly receiverHoldingContractIds: readonly string[];
  readonly lockedAmountReturnedTo: string | null;
};

const addAll = (contractIds: readonly string[], more: readonly string[]) =>
  more.reduce<readonly string[]>((all, contractId) => withContract(all, contractId), contractIds);

export const transferInstructionMachine = setup({
  types: {
    context: {} as TransferInstructionContext,
    events: {} as TransferInstructionEvent,
    input: {} as TransferInstructionInput,
    output: {} as TransferInstructionOutput,
    emitted: {} as TransferInstructionEmitted,
  },
  actions: {
    recordTransfer: assign(({ context, event }) => {
      assertEvent(event, 'instruction.completed');
      return {
        end: 'completed' as const,
        transactionId: event.transactionId,
        receiverHoldingContractIds: event.receiverHoldingContractIds,
        contractIds: addAll(context.contractIds, event.receiverHoldingContractIds),
      };
    }),
    recordReturn: assign(({ context, event }, params: { end: TransferInstructionEnd }) => {
      const returned =
        'returnedHoldingContractIds' in event ? event.returnedHoldingContractIds : [];
      return {
        end: params.end,
        transactionId: 'transactionId' in event ? event.transactionId : null,
        returnedHoldingContractIds: returned,
        lockedAmountReturnedTo: context.sender,
        contractIds: addAll(context.contractIds, returned),
      };
    }),
    requestExpiry: emit(({ context }) => ({
      type: 'instruction.expiryDue' as const,
      contractId: context.instructionContractId,
    })),
  },
  delays: {
    executeBefore: ({ context, event }) => millisUntil(context.executeBefore, eventTime(event)),
  },
}).createMachine({
  id: 'transfer-instruction',
  description:
    'A token-standard transfer instruction: the amount is locked until the receiver acts',
  initial: 'pending',
  context: ({ input }) => ({
    transactionId: input.transactionId,
    sender: input.sender,
    receiver: input.receiver,
    admin: input.admin,
    instrumentId: input.instrumentId,
    amount: input.amount,
    requestedAt: input.requestedAt,
    executeBefore: input.executeBefore,
    lockedAmuletContractId: input.lockedAmuletContractId,
    instructionContractId: input.contractId,
    receiverHoldingContractIds: [],
    returnedHoldingContractIds: [],
    lockedAmountReturnedTo: null,
    end: null,
    contractIds: [input.contractId, input.lockedAmuletContractId],
    parties: [input.sender, input.receiver, input.admin],
  }),
  output: ({ context }) => ({
    status: context.end ?? 'expired',
    transactionId: context.transactionId,
    receiverHoldingContractIds: context.receiverHoldingContractIds,
    lockedAmountReturnedTo: context.lockedAmountReturnedTo,
  }),
  states: {
    pending: {
      description: 'Pending the receiver’s acceptance; the amount is locked for the DSO',
      after: {
        executeBefore: {
          target: 'expired',
          actions: [{ type: 'recordReturn', params: { end: 'expired' } }, 'requestExpiry'],
        },
      },
      on: {
        'instruction.completed': { target: 'completed', actions: 'recordTransfer' },
        'instruction.rejected': {
          target: 'rejected',
          actions: { type: 'recordReturn', params: { end: 'rejected' } },
        },
        'instruction.withdrawn': {
          target: 'withdrawn',
          actions: { type: 'recordReturn', params: { end: 'withdrawn' } },
        },
        'instruction.expired': {
          target: 'expired',
          actions: { type: 'recordReturn', params: { end: 'expired' } },
        },
      },
    },
    completed: { type: 'final', description: 'The receiver accepted; the amount was transferred' },
    rejected: {
      type: 'final',
      description: 'The receiver rejected; the amount returns to the sender',
    },
    withdrawn: {
      type: 'final',
      description: 'The sender withdrew; the amount returns to the sender',
    },
    expired: {
      type: 'final',
      description: 'executeBefore passed; the amount returns to the sender',
    },
  },
});
