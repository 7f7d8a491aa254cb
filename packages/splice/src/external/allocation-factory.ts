import type { TransactionContext } from '@pocketnet/ledger';
import { requireDeadlineExceeded, timeMicros } from '../amulet/support/time.ts';
import type { AllocationInstructionResult } from '../token-standard/allocation-instruction-v1.ts';
import type { AllocationSpecification } from '../token-standard/allocation-v1.ts';
import type { ExtraArgs } from '../token-standard/metadata-v1.ts';
import { allocationToTwoStep, amuletAllocation } from './amulet-allocation.ts';
import { paymentContextFromChoiceContext } from './amulet-reads.ts';
import {
  requireAmuletInstrument,
  requireExpectedAdmin,
  requireInputs,
  requirePositiveAmount,
  requireRequestWindow,
} from './factory-checks.ts';
import { prepareTwoStepTransfer } from './two-step-transfer.ts';

// AllocationFactory_Allocate of ExternalPartyAmuletRules: lock the leg's amount for the DSO
// until settleBefore and record it as an AmuletAllocation.

type FactoryAllocate = {
  readonly expectedAdmin: string;
  readonly allocation: AllocationSpecification;
  readonly requestedAt: string;
  readonly inputHoldingCids: readonly string[];
  readonly extraArgs: ExtraArgs;
};

function validate(tx: TransactionContext, dso: string, argument: FactoryAllocate): void {
  const { settlement, transferLeg } = argument.allocation;
  requireRequestWindow(tx, {
    requestedAtName: 'Allocation.settlement.requestedAt',
    requestedAt: settlement.requestedAt,
    deadlineName: 'Allocation.settlement.allocateBefore',
    deadline: settlement.allocateBefore,
  });
  if (timeMicros(settlement.allocateBefore) > timeMicros(settlement.settleBefore)) {
    tx.fail('Allocation.settlement.allocateBefore must not be after settleBefore');
  }
  requirePositiveAmount(tx, transferLeg.amount);
  requireAmuletInstrument(tx, dso, transferLeg.instrumentId);
  requireDeadlineExceeded(tx, 'requestedAt', argument.requestedAt);
  requireInputs(tx, argument.inputHoldingCids);
}

export function amuletFactoryAllocate(
  tx: TransactionContext,
  dso: string,
  argument: FactoryAllocate,
): AllocationInstructionResult {
  requireExpectedAdmin(tx, argument.expectedAdmin, dso);
  validate(tx, dso, argument);
  // Locking to oneself is never featured; the settlement's transfer may be.
  const context = paymentContextFromChoiceContext(tx, {
    context: argument.extraArgs.context,
    featured: false,
  });
  const prepared = prepareTwoStepTransfer(tx, allocationToTwoStep(argument.allocation), {
    requestedAt: argument.requestedAt,
    inputHoldingCids: argument.inputHoldingCids,
    context,
  });
  const allocationCid = tx.create(amuletAllocation, {
    lockedAmulet: prepared.lockedAmulet,
    allocation: argument.allocation,
  });
  return {
    output: { tag: 'AllocationInstructionResult_Completed', value: { allocationCid } },
    senderChangeCids: prepared.senderChangeCids,
    meta: prepared.meta,
  };
}
