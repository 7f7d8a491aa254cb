import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { allocationFactoryInterface } from '../token-standard/allocation-instruction-v1.ts';
import { transferFactoryInterface } from '../token-standard/transfer-instruction-v1.ts';
import { allocationsNotSwept } from '../vocabulary/reasons-we-differ.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletFactoryAllocate } from './allocation-factory.ts';
import { requireExpectedAdmin } from './factory-checks.ts';
import {
  createTransferCommand,
  createTransferCommandArgument,
  createTransferCommandResultType,
} from './transfer-command-types.ts';
import { amuletFactoryTransfer } from './transfer-factory.ts';

const factoryView = ({ dso }: { readonly dso: string }) => ({ admin: dso, meta: { values: {} } });

/**
 * `Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules`: amulet's token-standard transfer
 * and allocation factory. Archived and recreated as rarely as possible, so that transactions
 * prepared against it stay valid while an external party signs them.
 */
export const externalPartyAmuletRules = tiedToSplice(
  spliceAmulet['Splice.ExternalPartyAmuletRules'].ExternalPartyAmuletRules,
  defineTemplate({
    id: {
      packageName: 'splice-amulet',
      module: 'Splice.ExternalPartyAmuletRules',
      entity: 'ExternalPartyAmuletRules',
    },
    fields: { dso: t.party() },
    signatories: ({ dso }) => [dso],
    choices: (choice) => ({
      ExternalPartyAmuletRules_CreateTransferCommand: choice({
        controllers: (_payload, { sender }) => [sender],
        consuming: false,
        argument: createTransferCommandArgument,
        result: createTransferCommandResultType,
        body: (tx, self, argument) => createTransferCommand(tx, self.payload.dso, argument),
      }),
    }),
    implements: (implement) => [
      implement(transferFactoryInterface, {
        view: factoryView,
        choices: {
          TransferFactory_Transfer: (tx, self, argument) =>
            amuletFactoryTransfer(tx, self.payload.dso, argument),
          TransferFactory_PublicFetch: (tx, self, { expectedAdmin }) => {
            requireExpectedAdmin(tx, expectedAdmin, self.payload.dso);
            return factoryView(self.payload);
          },
        },
      }),
      implement(allocationFactoryInterface, {
        view: factoryView,
        choices: {
          AllocationFactory_Allocate: (tx, self, argument) =>
            amuletFactoryAllocate(tx, self.payload.dso, argument),
          AllocationFactory_PublicFetch: (tx, self, { expectedAdmin }) => {
            requireExpectedAdmin(tx, expectedAdmin, self.payload.dso);
            return factoryView(self.payload);
          },
        },
      }),
    ],
  }),
  {
    lacks: {
      ExternalPartyAmuletRules_ExpireAmuletAllocations: allocationsNotSwept,
    },
  },
);

export type ExternalPartyAmuletRules = PayloadOf<typeof externalPartyAmuletRules>;
