import { defineChoice, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { executeTransfer } from '../transfer/execute-transfer.ts';
import { summarizeTransferContext } from '../transfer/transfer-context.ts';
import type { Transfer } from '../types/transfer-types.ts';
import { transferContextType, transferResultType, transferType } from '../types/transfer-types.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';
import { checkExpectedDso } from './amulet-rules-fields.ts';

/** Splice's transferControllers: the sender, the provider, every receiver and lock holder. */
export function transferControllers(transfer: Transfer): string[] {
  const controllers = new Set([transfer.sender, transfer.provider]);
  for (const output of transfer.outputs) {
    controllers.add(output.receiver);
    for (const holder of output.lock?.holders ?? []) controllers.add(holder);
  }
  return [...controllers];
}

/** AmuletRules_Transfer: the one way amulet moves; nonconsuming, so transfers run in parallel. */
export const amuletRulesTransfer = defineChoice({
  controllers: (_rules: AmuletRules, { transfer }) => transferControllers(transfer),
  consuming: false,
  argument: {
    transfer: transferType,
    context: transferContextType,
    expectedDso: optionalType(t.party()),
  },
  result: transferResultType,
  body: (tx, self, { transfer, context, expectedDso }) => {
    checkExpectedDso(tx, self.payload.dso, expectedDso);
    const csum = summarizeTransferContext(tx, self.payload.dso, context, transfer);
    return executeTransfer(tx, csum, transfer, { issueAppRewards: true });
  },
});
