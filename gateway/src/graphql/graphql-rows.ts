import type {
  ActiveContractView,
  ContractEventsView,
  EventView,
  TransactionView,
} from '@pocketnet/runtime';

// The values the resolvers of object types receive: runtime views with the offset and
// synchronizer they were read at, in one shape whichever service produced them.

export type CreatedEventView = Extract<EventView, { kind: 'created' }>;

export type EventRow = {
  readonly event: EventView;
  readonly offset: number;
  readonly synchronizerId: string;
};

export type ContractRow = {
  readonly event: CreatedEventView;
  readonly offset: number;
  readonly synchronizerId: string;
  /** The archival when the read already knows it; undefined when it must be looked up. */
  readonly archived?: EventRow | null;
};

export const contractOfActive = (view: ActiveContractView): ContractRow => ({
  event: view.event,
  offset: view.offset,
  synchronizerId: view.synchronizerId,
});

export function contractOfEvents(events: ContractEventsView): ContractRow {
  const { event, offset, synchronizerId } = events.created;
  if (event.kind !== 'created') throw new Error('a contract lookup answered without its create');
  return { event, offset, synchronizerId, archived: events.archived };
}

export const eventRowsOf = (view: TransactionView): EventRow[] =>
  view.events.map((event) => ({
    event,
    offset: view.record.offset,
    synchronizerId: view.record.synchronizerId,
  }));

/** A created event of a transaction as the contract it created. */
export const contractOfEventRow = (row: EventRow): ContractRow | null =>
  row.event.kind === 'created'
    ? { event: row.event, offset: row.offset, synchronizerId: row.synchronizerId }
    : null;
