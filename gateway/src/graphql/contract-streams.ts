import type { UpdateView } from '@pocketnet/runtime';
import { mergeMap, type Observable } from 'rxjs';
import {
  type ContractRow,
  contractOfEventRow,
  type EventRow,
  eventRowsOf,
} from './graphql-rows.ts';

/** The event rows of each transaction, in order (a list flattened: order is kept). */
const eventRows$ = (updates$: Observable<UpdateView>) =>
  updates$.pipe(mergeMap((view) => (view.type === 'transaction' ? eventRowsOf(view) : [])));

/** The contracts an ACS-delta update stream creates, one by one. */
export const createdContracts$ = (updates$: Observable<UpdateView>): Observable<ContractRow> =>
  eventRows$(updates$).pipe(
    mergeMap((row) => {
      const contract = contractOfEventRow(row);
      return contract === null ? [] : [contract];
    }),
  );

/** The archivals an ACS-delta update stream carries, one by one. */
export const archivedContracts$ = (updates$: Observable<UpdateView>): Observable<EventRow> =>
  eventRows$(updates$).pipe(mergeMap((row) => (row.event.kind === 'archived' ? [row] : [])));
