import type { UpdateView } from '@pocketnet/runtime';
import {
  type ContractRow,
  contractOfEventRow,
  type EventRow,
  eventRowsOf,
} from './graphql-rows.ts';

/** The event rows of a transaction, in order. */
const eventRows = (view: UpdateView): EventRow[] =>
  view.type === 'transaction' ? eventRowsOf(view) : [];

/** The contracts an ACS-delta update creates, one by one. */
export const createdContractsOf = (view: UpdateView): ContractRow[] =>
  eventRows(view).flatMap((row) => {
    const contract = contractOfEventRow(row);
    return contract === null ? [] : [contract];
  });

/** The archivals an ACS-delta update carries, one by one. */
export const archivedContractsOf = (view: UpdateView): EventRow[] =>
  eventRows(view).filter((row) => row.event.kind === 'archived');
