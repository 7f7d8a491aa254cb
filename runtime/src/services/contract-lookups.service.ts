import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import type { ContractEventsIndex } from '../projections/contract-events.projection.ts';
import {
  type EventFilter,
  filterParties,
  hostedOn,
  matchingParties,
} from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import { createdView, type EventView } from '../views/transaction-view.ts';
import { accessOf, type Caller, requireReadAs } from './caller.ts';

export type ContractEventsView = {
  readonly created: {
    readonly event: EventView;
    readonly offset: number;
    readonly synchronizerId: string;
  };
  readonly archived: {
    readonly event: EventView;
    readonly offset: number;
    readonly synchronizerId: string;
  } | null;
};

const notFound = (contractId: string) =>
  new DomainError(
    'CONTRACT_EVENTS_NOT_FOUND',
    `Contract events not found, or not visible: ${contractId}`,
    { details: { contractId } },
  );

/** Events-by-contract-id and contract-by-id: only for readers among the contract's stakeholders. */
export function createContractLookups(deps: {
  participant: ParticipantState;
  contractEvents: ContractEventsIndex;
  catalog: TemplateCatalog;
  /** Among several participants, whether this one hosts a party; null when it is alone. */
  hosts?: ((party: string) => boolean) | null;
}) {
  const service = {
    eventsByContractId(
      caller: Caller,
      contractId: string,
      requested: EventFilter,
    ): ContractEventsView {
      const filter = hostedOn(requested, deps.hosts ?? null);
      requireReadAs(accessOf(caller, deps.participant), filterParties(filter));
      const events = deps.contractEvents.get(contractId);
      if (!events) throw notFound(contractId);
      const { node, record } = events.created;
      const stakeholders = [...node.signatories, ...node.observers];
      const matched = matchingParties(filter, stakeholders, node.templateId, deps.catalog);
      if (!matched) throw notFound(contractId);
      const created = createdView(node, matched.parties, true, matched.match, deps.catalog);
      const archived = events.archived;
      return {
        created: { event: created, offset: record.offset, synchronizerId: record.synchronizerId },
        archived: archived
          ? {
              event: {
                kind: 'archived',
                node: archived.node,
                witnessParties: matched.parties,
                acsDelta: true,
              },
              offset: archived.record.offset,
              synchronizerId: archived.record.synchronizerId,
            }
          : null,
      };
    },
  };
  return service satisfies ContractLookups;
}

export interface ContractLookups {
  eventsByContractId(
    caller: Caller,
    contractId: string,
    requested: EventFilter,
  ): ContractEventsView;
}
