import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import type { AllocationSpecification } from '../token-standard/allocation-v1.ts';
import {
  allocationInterface,
  allocationSpecificationType,
} from '../token-standard/allocation-v1.ts';
import { allocationsNotSwept } from '../vocabulary/reasons-we-differ.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletReferences } from './amulet-references.ts';
import type { TwoStepTransfer } from './two-step-transfer.ts';
import { abortTwoStepTransfer, executeTwoStepTransfer } from './two-step-transfer.ts';

/**
 * The two-step view of an allocation: locked until `settleBefore`, and the settlement's
 * executor is the app provider of the transfer, which may be featured.
 */
export function allocationToTwoStep(allocation: AllocationSpecification): TwoStepTransfer {
  const { settlement, transferLeg, transferLegId } = allocation;
  return {
    dso: transferLeg.instrumentId.admin,
    sender: transferLeg.sender,
    receiver: transferLeg.receiver,
    amount: transferLeg.amount,
    lockContext: `allocation for transfer leg ${transferLegId} to '${transferLeg.receiver}'`,
    transferBefore: settlement.settleBefore,
    transferBeforeDeadline: 'Allocation.settlement.settleBefore',
    provider: settlement.executor,
    allowFeaturing: true,
  };
}

const noMeta = { values: {} };

/**
 * `Splice.AmuletAllocation:AmuletAllocation`: amulet locked for one leg of a settlement until
 * `settleBefore`. The executor settles it; sender, receiver and executor together cancel it;
 * the sender alone withdraws it.
 */
export const amuletAllocation = tiedToSplice(
  spliceAmulet['Splice.AmuletAllocation'].AmuletAllocation,
  defineTemplate({
    id: {
      packageName: 'splice-amulet',
      module: 'Splice.AmuletAllocation',
      entity: 'AmuletAllocation',
    },
    fields: {
      lockedAmulet: t.contractId(amuletReferences.lockedAmulet),
      allocation: allocationSpecificationType,
    },
    signatories: ({ allocation }) => [
      allocation.transferLeg.instrumentId.admin,
      allocation.transferLeg.sender,
    ],
    observers: ({ allocation }) => [allocation.settlement.executor],
    implements: (implement) => [
      implement(allocationInterface, {
        view: ({ allocation, lockedAmulet }) => ({
          allocation,
          holdingCids: [lockedAmulet],
          meta: noMeta,
        }),
        choices: {
          Allocation_ExecuteTransfer: (tx, self, { extraArgs }) => {
            const { allocation, lockedAmulet } = self.payload;
            const outcome = executeTwoStepTransfer(tx, allocationToTwoStep(allocation), {
              lockedAmulet,
              extraArgs,
            });
            return outcome;
          },
          Allocation_Cancel: (tx, self, { extraArgs }) => {
            const { allocation, lockedAmulet } = self.payload;
            const twoStep = allocationToTwoStep(allocation);
            const senderHoldingCids = abortTwoStepTransfer(tx, twoStep, {
              lockedAmulet,
              extraArgs,
            });
            return { senderHoldingCids, meta: noMeta };
          },
          Allocation_Withdraw: (tx, self, { extraArgs }) => {
            const { allocation, lockedAmulet } = self.payload;
            const twoStep = allocationToTwoStep(allocation);
            const senderHoldingCids = abortTwoStepTransfer(tx, twoStep, {
              lockedAmulet,
              extraArgs,
            });
            return { senderHoldingCids, meta: noMeta };
          },
        },
      }),
    ],
  }),
  {
    lacks: {
      AmuletAllocation_DsoExpire: allocationsNotSwept,
    },
  },
);

export type AmuletAllocation = PayloadOf<typeof amuletAllocation>;
