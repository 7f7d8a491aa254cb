import type { ActiveContractView } from '@pocketnet/runtime';
import { renderCreatedEvent } from './events.render.ts';
import { renderUnassignedEvent } from './reassignment.render.ts';

/** The entry of a contract in flight: JsIncompleteUnassigned, with its unassignment. */
function incompleteUnassigned(contract: ActiveContractView) {
  const { unassignment } = contract;
  const index = unassignment?.events.findIndex(
    (moved) => moved.contractId === contract.event.node.contractId,
  );
  const moved = index === undefined ? undefined : unassignment?.events[index];
  if (unassignment === null || moved === undefined) return null;
  const placement = { nodeId: index ?? 0, witnessParties: contract.event.witnessParties };
  return {
    JsIncompleteUnassigned: {
      createdEvent: renderCreatedEvent(contract.event, contract.offset),
      unassignedEvent: renderUnassignedEvent(unassignment, moved, placement),
    },
  };
}

/** One element of the active contracts stream (JsGetActiveContractsResponse). */
export function renderActiveContract(contract: ActiveContractView, workflowId: string) {
  return {
    workflowId,
    contractEntry: incompleteUnassigned(contract) ?? {
      JsActiveContract: {
        createdEvent: renderCreatedEvent(contract.event, contract.offset),
        synchronizerId: contract.synchronizerId,
        reassignmentCounter: contract.reassignmentCounter,
      },
    },
  };
}
