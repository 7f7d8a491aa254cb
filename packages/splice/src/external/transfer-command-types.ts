import type { TransactionContext } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { checkExpectedDso } from '../amulet/rules/amulet-rules-fields.ts';
import { requireWithinDeadline } from '../amulet/support/time.ts';
import { transferResultType } from '../amulet/types/transfer-types.ts';
import { optionalType } from '../token-standard/optional-type.ts';
import { invalidTransferReasonType } from '../wallet/amulet-operations.ts';
import { externalReferences } from './amulet-references.ts';

// Names, results and the creating choice of the (deprecated) TransferCommand flow,
// module Splice.ExternalPartyAmuletRules.

const moduleName = 'Splice.ExternalPartyAmuletRules';

export const transferCommandReferences = {
  transferPreapproval: externalReferences.transferPreapproval,
  transferCommand: `#splice-amulet:${moduleName}:TransferCommand`,
  transferCommandCounter: `#splice-amulet:${moduleName}:TransferCommandCounter`,
  transferCommandId: {
    packageName: 'splice-amulet',
    module: moduleName,
    entity: 'TransferCommand',
  },
} as const;

export const commandNonceResult = (command: {
  readonly sender: string;
  readonly nonce: string;
}) => ({
  sender: command.sender,
  nonce: command.nonce,
});

export const sendCommandResultType = t.record(
  {
    result: t.variant(
      {
        TransferCommandResultFailure: t.record(
          { reason: invalidTransferReasonType },
          `${moduleName}:TransferCommandResult.TransferCommandResultFailure`,
        ),
        TransferCommandResultSuccess: t.record(
          { result: transferResultType },
          `${moduleName}:TransferCommandResult.TransferCommandResultSuccess`,
        ),
      },
      `${moduleName}:TransferCommandResult`,
    ),
    sender: t.party(),
    nonce: t.int64(),
  },
  `${moduleName}:TransferCommand_SendResult`,
);

export const createTransferCommandArgument = {
  sender: t.party(),
  receiver: t.party(),
  delegate: t.party(),
  amount: t.numeric(10),
  expiresAt: t.time(),
  nonce: t.int64(),
  description: optionalType(t.text()),
  expectedDso: optionalType(t.party()),
};

export const createTransferCommandResultType = t.record(
  { transferCommandCid: t.contractId(transferCommandReferences.transferCommand) },
  `${moduleName}:ExternalPartyAmuletRules_CreateTransferCommandResult`,
);

type CreateArgument = {
  readonly sender: string;
  readonly receiver: string;
  readonly delegate: string;
  readonly amount: string;
  readonly expiresAt: string;
  readonly nonce: string;
  readonly description: string | null;
  readonly expectedDso: string | null;
};

/** ExternalPartyAmuletRules_CreateTransferCommand: the sender's signed TransferCommand. */
export function createTransferCommand(
  tx: TransactionContext,
  dso: string,
  argument: CreateArgument,
) {
  const { expectedDso, ...command } = argument;
  checkExpectedDso(tx, dso, expectedDso);
  requireWithinDeadline(
    tx,
    'ExternalPartyAmuletRules_CreateTransferCommand.expiresAt',
    command.expiresAt,
  );
  const transferCommandCid = tx.create(transferCommandReferences.transferCommand, {
    dso,
    ...command,
  });
  return { transferCommandCid };
}
