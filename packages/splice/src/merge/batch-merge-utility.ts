import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import type { InstrumentId } from '../token-standard/holding-v1.ts';
import { spliceUtilTokenStandardWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { readAs, textFieldOf } from '../wallet-payments/value-readers.ts';
import { checkExpected } from './merge-delegation.ts';
import type { InstrumentHoldingMap, MergeDelegationCall, MergeResult } from './merge-types.ts';
import {
  instrumentHoldingMapType,
  mergeDelegationCallType,
  mergeReferences,
  mergeResultType,
  mergeTemplateId,
} from './merge-types.ts';

const sameInstrument = (left: InstrumentId, right: InstrumentId) =>
  left.admin === right.admin && left.id === right.id;

function changeFor(map: InstrumentHoldingMap, instrument: InstrumentId): readonly string[] {
  return map.find(([key]) => sameInstrument(key, instrument))?.[1] ?? [];
}

function withChange(
  map: InstrumentHoldingMap,
  instrument: InstrumentId,
  holdings: readonly string[],
): InstrumentHoldingMap {
  return [...map.filter(([key]) => !sameInstrument(key, instrument)), [instrument, holdings]];
}

/** One merge call, spending the operator's change from earlier extra transfers. */
function runMergeCall(
  tx: TransactionContext,
  operator: string,
  call: MergeDelegationCall,
  holdingMap: InstrumentHoldingMap,
): { readonly result: MergeResult; readonly holdingMap: InstrumentHoldingMap } {
  const delegation = tx.fetch(mergeReferences.mergeDelegation, call.delegationCid);
  checkExpected(tx, 'delegation operator', operator, textFieldOf(delegation, 'operator'));
  const extra = call.choiceArg.optExtraTransfer;
  let choiceArg = call.choiceArg;
  if (extra !== null) {
    const transfer = extra.choiceArg.transfer;
    checkExpected(tx, 'extra transfer sender', operator, transfer.sender);
    const inputHoldingCids = [
      ...transfer.inputHoldingCids,
      ...changeFor(holdingMap, transfer.instrumentId),
    ];
    const adjusted = {
      ...extra,
      choiceArg: { ...extra.choiceArg, transfer: { ...transfer, inputHoldingCids } },
    };
    choiceArg = { ...choiceArg, optExtraTransfer: adjusted };
  }
  const raw = tx.exercise(
    mergeReferences.mergeDelegation,
    call.delegationCid,
    'MergeDelegation_Merge',
    choiceArg,
  );
  const result = readAs(mergeResultType, raw, 'MergeDelegation_Merge');
  const extraResult = result.optExtraTransferResult;
  if (extra === null || extraResult === null) return { result, holdingMap };
  const instrument = extra.choiceArg.transfer.instrumentId;
  return { result, holdingMap: withChange(holdingMap, instrument, extraResult.senderChangeCids) };
}

const batchArgument = { mergeCalls: t.list(mergeDelegationCallType) };

const batchResult = t.record(
  { results: t.list(mergeResultType), operatorChangeMap: instrumentHoldingMapType },
  'Splice.Util.Token.Wallet.MergeDelegation:BatchMergeUtility_BatchMergeResult',
);

function runBatch(tx: TransactionContext, operator: string, calls: readonly MergeDelegationCall[]) {
  const results: MergeResult[] = [];
  let holdingMap: InstrumentHoldingMap = [];
  for (const call of calls) {
    const step = runMergeCall(tx, operator, call, holdingMap);
    results.push(step.result);
    holdingMap = step.holdingMap;
  }
  return { results, operatorChangeMap: holdingMap };
}

/**
 * Splice.Util.Token.Wallet.MergeDelegation:BatchMergeUtility — the operator's utility for
 * running about a hundred merge calls in one transaction, threading its change holdings.
 */
export const batchMergeUtility: TemplateDefinition = tiedToSplice(
  spliceUtilTokenStandardWallet['Splice.Util.Token.Wallet.MergeDelegation'].BatchMergeUtility,
  defineTemplate({
    id: mergeTemplateId('BatchMergeUtility'),
    fields: { operator: t.party() },
    signatories: (utility) => [utility.operator],
    choices: (choice) => ({
      BatchMergeUtility_BatchMerge: choice({
        controllers: (utility) => [utility.operator],
        consuming: false,
        argument: batchArgument,
        result: batchResult,
        body: (tx, self, { mergeCalls }) => runBatch(tx, self.payload.operator, mergeCalls),
      }),
      // The name Splice's documentation (and the seed) use for the same batch merge.
      BatchMergeUtility_MergeHoldings: choice({
        controllers: (utility) => [utility.operator],
        consuming: false,
        argument: batchArgument,
        result: batchResult,
        body: (tx, self, { mergeCalls }) => runBatch(tx, self.payload.operator, mergeCalls),
      }),
    }),
  }),
  {
    differs: {
      'BatchMergeUtility_MergeHoldings: a choice Splice lacks':
        "the name the seed gives the batch merge; Splice's utility has only BatchMergeUtility_BatchMerge, which ours has too and our delegated-merge automation exercises",
    },
  },
);
