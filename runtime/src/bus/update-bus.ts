import type { JournalRecord } from '@pocketnet/ledger';
import { Observable, type Subscriber } from 'rxjs';

/**
 * The one hot stream of committed journal records, in commit order. Publishing is synchronous,
 * so every projection has applied a record before the writer acknowledges the command.
 */
export type UpdateBus = {
  readonly records$: Observable<JournalRecord>;
  publish(record: JournalRecord): void;
  complete(): void;
};

/**
 * A Subject's semantics (hot, synchronous, subscribers in subscription order, one joining
 * during a publish sees the next record, not this one) without its cost per record: rxjs's
 * Subject.next, as Node loads it (the ES5 build), wraps every call in a closure and walks its
 * observers with an allocating iterator, which with a score of projections was the largest
 * allocation of a submission after the journal record itself. The list is copied on change,
 * so a publish walks the list as it was when it began.
 */
export function createUpdateBus(): UpdateBus {
  let subscribers: readonly Subscriber<JournalRecord>[] = [];
  let completed = false;
  const records$ = new Observable<JournalRecord>((subscriber) => {
    if (completed) {
      subscriber.complete();
      return;
    }
    subscribers = [...subscribers, subscriber];
    return () => {
      subscribers = subscribers.filter((other) => other !== subscriber);
    };
  });
  return {
    records$,
    publish(record) {
      const current = subscribers;
      for (let index = 0; index < current.length; index += 1) current[index]?.next(record);
    },
    complete() {
      if (completed) return;
      completed = true;
      const current = subscribers;
      subscribers = [];
      for (const subscriber of current) subscriber.complete();
    },
  };
}
