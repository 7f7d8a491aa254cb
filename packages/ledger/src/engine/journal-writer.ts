import { DomainError } from '../errors.ts';
import type { Journal } from '../journal.ts';
import { hasOffset, type JournalRecord } from '../transaction.ts';
import { applyRecord, type EngineState } from './engine-state.ts';

function unavailable(message: string, cause?: unknown): DomainError {
  return new DomainError('UNAVAILABLE', message, { cause });
}

/**
 * The engine's path to the journal: applies each record to the state, appends it, and
 * publishes it once durable. Journal appends resolve in call order, so records are published
 * in offset order. After a failed append the state may be ahead of the disk, so the writer
 * refuses every later change rather than build on it.
 */
export function createJournalWriter(deps: {
  readonly journal: Journal;
  readonly state: EngineState;
  readonly publish: (record: JournalRecord) => void;
}) {
  let status: 'new' | 'recovering' | 'ready' | 'failed' = 'new';
  let failure: unknown = null;
  const ends = { publishedOffset: 0 };
  deps.state.undo.section<number>('ledger.published-end', {
    save: () => ends.publishedOffset,
    restore(saved) {
      ends.publishedOffset = saved;
    },
  });

  function published(record: JournalRecord): void {
    if (hasOffset(record)) deps.state.undo.assign(ends, 'publishedOffset', record.offset);
    deps.publish(record);
  }

  function fail(error: unknown): never {
    status = 'failed';
    failure = error;
    throw unavailable('The ledger could not make the change durable', error);
  }

  return {
    requireReady(): void {
      if (status === 'ready') return;
      if (status === 'failed') {
        throw unavailable('The ledger stopped accepting changes after a journal failure', failure);
      }
      throw unavailable('The ledger is not ready yet: recovery has not finished');
    },
    async recover(): Promise<void> {
      if (status !== 'new') throw new Error('recover() runs once, before anything else');
      status = 'recovering';
      try {
        for await (const record of deps.journal.replay()) {
          applyRecord(deps.state, record);
          published(record);
        }
      } catch (error) {
        status = 'failed';
        failure = error;
        throw error;
      }
      status = 'ready';
    },
    /** The state was restored from a state file's sections (issue 23): nothing to replay. */
    restored(): void {
      if (status !== 'new') throw new Error('restored() runs once, before anything else');
      status = 'ready';
    },
    /**
     * `recordMicros`, when given, is the record's recordTime as the caller had it before
     * rendering it into the record; otherwise it is parsed from the record.
     */
    commit<TRecord extends JournalRecord>(
      record: TRecord,
      options: { readonly recordMicros?: bigint; readonly onDurable?: () => void } = {},
    ): Promise<TRecord> {
      const { onDurable } = options;
      applyRecord(deps.state, record, options.recordMicros);
      let durable: Promise<void>;
      try {
        durable = deps.journal.append(record);
      } catch (error) {
        return Promise.reject(error).catch(fail);
      }
      return durable.then(() => {
        onDurable?.();
        published(record);
        return record;
      }, fail);
    },
    ledgerEnd: () => ends.publishedOffset,
  };
}
