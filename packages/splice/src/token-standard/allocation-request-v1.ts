import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenAllocationRequestV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';
import { settlementInfoType, transferLegType } from './allocation-v1.ts';
import { choiceExecutionMetadataType, extraArgsType, metadataType } from './metadata-v1.ts';

// `splice-api-token-allocation-request-v1`, module Splice.Api.Token.AllocationRequestV1: an
// app's request that parties allocate assets to a settlement, one transfer leg each. No Splice
// template implements it, but wallets (the official wallet SDK among them) filter their token
// history by it, and a filter naming a package the node does not know fails.

export const allocationRequestPackageName = 'splice-api-token-allocation-request-v1';
const moduleName = 'Splice.Api.Token.AllocationRequestV1';

export const allocationRequestViewType = t.record(
  { settlement: settlementInfoType, transferLegs: t.textMap(transferLegType), meta: metadataType },
  `${moduleName}:AllocationRequestView`,
);

export const allocationRequestInterfaceId = `#${allocationRequestPackageName}:${moduleName}:AllocationRequest`;

export const allocationRequestInterface = tiedInterfaceToSplice(
  spliceApiTokenAllocationRequestV1['Splice.Api.Token.AllocationRequestV1'].AllocationRequest,
  defineInterface({
    id: {
      packageName: allocationRequestPackageName,
      module: moduleName,
      entity: 'AllocationRequest',
    },
    view: allocationRequestViewType,
    choices: (choice) => ({
      /** A party the request asks to allocate declines. */
      AllocationRequest_Reject: choice({
        controllers: (_view, argument) => [argument.actor],
        argument: { actor: t.party(), extraArgs: extraArgsType },
        result: choiceExecutionMetadataType,
      }),
      /** The settlement's executor takes the request back. */
      AllocationRequest_Withdraw: choice({
        controllers: (view) => [view.settlement.executor],
        argument: { extraArgs: extraArgsType },
        result: choiceExecutionMetadataType,
      }),
    }),
  }),
  {},
);
