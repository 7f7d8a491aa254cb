import type { ActiveContractView } from '@pocketnet/runtime';
import { renderCreatedEvent } from './events.render.ts';

/** One element of the active contracts stream (JsGetActiveContractsResponse). */
export function renderActiveContract(contract: ActiveContractView, workflowId: string) {
  return {
    workflowId,
    contractEntry: {
      JsActiveContract: {
        createdEvent: renderCreatedEvent(contract.event, contract.offset),
        synchronizerId: contract.synchronizerId,
        reassignmentCounter: 0,
      },
    },
  };
}
