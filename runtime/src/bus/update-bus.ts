import type { JournalRecord } from '@pocketnet/ledger';
import { type Observable, Subject } from 'rxjs';

/**
 * The one hot stream of committed journal records, in commit order. Publishing is synchronous,
 * so every projection has applied a record before the writer acknowledges the command.
 */
export type UpdateBus = {
  readonly records$: Observable<JournalRecord>;
  publish(record: JournalRecord): void;
  complete(): void;
};

export function createUpdateBus(): UpdateBus {
  const subject = new Subject<JournalRecord>();
  return {
    records$: subject.asObservable(),
    publish: (record) => subject.next(record),
    complete: () => subject.complete(),
  };
}
