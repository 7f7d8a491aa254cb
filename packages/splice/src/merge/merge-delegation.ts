import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { addNumeric, defineTemplate, formatNumeric, parseNumeric } from '@pocketnet/ledger';
import type { TransferInstructionResult } from '../token-standard/transfer-instruction-types.ts';
import {
  transferFactoryInterfaceId,
  transferInstructionResultType,
} from '../token-standard/transfer-instruction-types.ts';
import { spliceUtilTokenStandardWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { require } from '../wallet-payments/daml-support.ts';
import { readAs, textFieldOf } from '../wallet-payments/value-readers.ts';
import type { FeaturedAppRightCall, MergeDelegationPayload, TransferCall } from './merge-types.ts';
import {
  featuredAppRightInterfaceId,
  mergeArgumentType,
  mergeDelegationFields,
  mergeResultType,
  mergeTemplateId,
  unitResultType,
} from './merge-types.ts';

/** Splice's `checkExpected`: aborts naming what differed. */
export function checkExpected(
  tx: TransactionContext,
  description: string,
  expected: unknown,
  actual: unknown,
): void {
  const [wanted, got] = [JSON.stringify(expected), JSON.stringify(actual)];
  if (wanted !== got) tx.fail(`Unexpected ${description}: expected ${wanted}, but got ${got}`);
}

function runTransfer(tx: TransactionContext, call: TransferCall): TransferInstructionResult {
  const choice = 'TransferFactory_Transfer';
  const result = tx.exercise(transferFactoryInterfaceId, call.factoryCid, choice, call.choiceArg);
  return readAs(transferInstructionResultType, result, choice);
}

function completedHoldings(
  tx: TransactionContext,
  result: TransferInstructionResult,
  hint: string,
): readonly string[] {
  const { output } = result;
  if (output.tag === 'TransferInstructionResult_Completed') return output.value.receiverHoldingCids;
  return tx.fail(`Expected TransferInstructionResult_Completed but got ${output.tag}${hint}`);
}

/** An operator→owner transfer first, so its holdings can be merged in the same step. */
function runExtraTransfer(
  tx: TransactionContext,
  delegation: MergeDelegationPayload,
  call: TransferCall,
  merge: TransferCall | null,
) {
  const transfer = call.choiceArg.transfer;
  checkExpected(tx, 'extra transfer sender', delegation.operator, transfer.sender);
  checkExpected(tx, 'extra transfer receiver', delegation.owner, transfer.receiver);
  if (merge !== null) {
    checkExpected(
      tx,
      'extra transfer instrument-id',
      merge.choiceArg.transfer.instrumentId,
      transfer.instrumentId,
    );
    checkExpected(
      tx,
      'extra transfer expected admin',
      merge.choiceArg.expectedAdmin,
      call.choiceArg.expectedAdmin,
    );
  }
  const result = runTransfer(tx, call);
  const hint = `. Has the owner ${delegation.owner} setup a transfer preapproval?`;
  return { holdings: completedHoldings(tx, result, hint), result };
}

function createActivityMarker(
  tx: TransactionContext,
  provider: string,
  call: FeaturedAppRightCall,
): void {
  const right = tx.fetch(featuredAppRightInterfaceId, call.appRightCid);
  require(tx, 'App right matches expected provider', textFieldOf(right, 'provider') === provider);
  tx.exercise(
    featuredAppRightInterfaceId,
    call.appRightCid,
    'FeaturedAppRight_CreateActivityMarker',
    {
      beneficiaries: call.beneficiaries,
    },
  );
}

/** The owner's self-transfer through the registry's factory; it must leave fewer holdings. */
function runMergeTransfer(
  tx: TransactionContext,
  delegation: MergeDelegationPayload,
  call: TransferCall,
  extra: { readonly holdings: readonly string[]; readonly amount: string } | null,
): TransferInstructionResult {
  const original = call.choiceArg.transfer;
  checkExpected(tx, 'self-transfer sender', delegation.owner, original.sender);
  checkExpected(tx, 'self-transfer receiver', delegation.owner, original.receiver);
  const transfer = {
    ...original,
    inputHoldingCids: [...original.inputHoldingCids, ...(extra?.holdings ?? [])],
    amount: formatNumeric(
      addNumeric(parseNumeric(original.amount), parseNumeric(extra?.amount ?? '0')),
    ),
  };
  const result = runTransfer(tx, { ...call, choiceArg: { ...call.choiceArg, transfer } });
  const received = completedHoldings(tx, result, '');
  const inputs = transfer.inputHoldingCids.length;
  const outputs = result.senderChangeCids.length + received.length;
  require(tx, `Number of sender input holdings ${inputs} >  number of sender output holdings ${outputs}`, inputs >
    outputs);
  return result;
}

/**
 * Splice.Util.Token.Wallet.MergeDelegation:MergeDelegation — the owner lets an operator (its
 * wallet provider) merge its token-standard holdings, optionally adding an extra transfer.
 */
export const mergeDelegation: TemplateDefinition = tiedToSplice(
  spliceUtilTokenStandardWallet['Splice.Util.Token.Wallet.MergeDelegation'].MergeDelegation,
  defineTemplate({
    id: mergeTemplateId('MergeDelegation'),
    fields: mergeDelegationFields,
    signatories: (delegation) => [delegation.owner, delegation.operator],
    choices: (choice) => ({
      MergeDelegation_Merge: choice({
        controllers: (delegation) => [delegation.operator],
        consuming: false,
        argument: mergeArgumentType,
        result: mergeResultType,
        body: (tx, self, { optMergeTransfer, optExtraTransfer, optFeaturedAppRight }) => {
          const delegation = self.payload;
          require(tx, 'At least one of optMergeTransfer or optExtraTransfer must be provided', optMergeTransfer !==
            null || optExtraTransfer !== null);
          const extra =
            optExtraTransfer === null
              ? null
              : runExtraTransfer(tx, delegation, optExtraTransfer, optMergeTransfer);
          let optMergeTransferResult: TransferInstructionResult | null = null;
          if (optMergeTransfer !== null) {
            const extraInputs =
              extra === null || optExtraTransfer === null
                ? null
                : { holdings: extra.holdings, amount: optExtraTransfer.choiceArg.transfer.amount };
            optMergeTransferResult = runMergeTransfer(
              tx,
              delegation,
              optMergeTransfer,
              extraInputs,
            );
            if (optFeaturedAppRight !== null)
              createActivityMarker(tx, delegation.operator, optFeaturedAppRight);
          }
          return { optMergeTransferResult, optExtraTransferResult: extra?.result ?? null };
        },
      }),
      MergeDelegation_Reject: choice({
        controllers: (delegation) => [delegation.operator],
        argument: {},
        result: unitResultType,
        body: () => ({ result: {} }),
      }),
      MergeDelegation_Withdraw: choice({
        controllers: (delegation) => [delegation.owner],
        argument: {},
        result: unitResultType,
        body: () => ({ result: {} }),
      }),
    }),
  }),
  {},
);
