import { type DocumentNode, type ExecutionArgs, type ExecutionResult, print } from 'graphql';
import { isAsyncIterable } from 'graphql-yoga';
import { Observable } from 'rxjs';
import { createSharedBacklog } from './shared-backlog.ts';
import { type StreamOptions, toAsyncIterable } from './to-async-iterable.ts';

/** Who takes a shared execution's results: the very result objects, handed to each. */
export type ResultSubscriber = {
  next(result: ExecutionResult): void;
  complete(): void;
  error(error: unknown): void;
};

type Shared = {
  readonly subscribers: Set<ResultSubscriber>;
  /** The results have begun: a newcomer would have missed some, so it starts its own. */
  emitted: boolean;
  iterator: AsyncIterator<ExecutionResult> | null;
  /** Settles once the first subscriber's execution has started: null, or its error result. */
  readonly started: Promise<ExecutionResult | null>;
  /** How its subscribers buffer what they have not taken: one budget account for them all. */
  readonly streams: StreamOptions;
};

/** Results a shared execution hands on before it lets the event loop turn. */
const resultsPerTurn = 64;

export type SubscriptionResults = AsyncIterableIterator<ExecutionResult> | ExecutionResult;

const documentTexts = new WeakMap<DocumentNode, string>();
const textOf = (document: DocumentNode) => {
  const known = documentTexts.get(document);
  if (known !== undefined) return known;
  const text = print(document);
  documentTexts.set(document, text);
  return text;
};

/** Which subscriptions are one: the same caller, document, operation and variables. */
export const operationKey = (callerKey: string | null, args: ExecutionArgs): string | null =>
  callerKey === null
    ? null
    : JSON.stringify([
        callerKey,
        args.operationName ?? '',
        textOf(args.document),
        args.variableValues ?? {},
      ]);

/**
 * Subscribers of the same operation (same caller, document and variables) share one execution:
 * each event is resolved once and its result handed to all of them, each through its own
 * bounded buffer. A subscriber joins only an execution that has produced nothing yet, so it
 * receives exactly what an execution of its own would have; a later one starts its own.
 */
export function createSubscriptionSharing(options: StreamOptions) {
  const executions = new Map<string, Shared>();
  const { backlog } = options;
  const streamsOfOne = (): StreamOptions =>
    backlog?.budget === undefined
      ? options
      : { ...options, backlog: { ...backlog, budget: createSharedBacklog(backlog.budget) } };
  const forget = (key: string, shared: Shared) => {
    if (executions.get(key) === shared) executions.delete(key);
  };
  const pump = async (key: string, shared: Shared, iterator: AsyncIterator<ExecutionResult>) => {
    let sinceTurn = 0;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        shared.emitted = true;
        for (const subscriber of shared.subscribers) subscriber.next(next.value);
        // A replay resolves result after result in microtasks alone: without a turn of the
        // event loop now and then no socket is written and no close is heard, and results
        // pile up for clients long gone (1,000 replays held 2 GiB for minutes).
        sinceTurn += 1;
        if (sinceTurn >= resultsPerTurn) {
          sinceTurn = 0;
          await new Promise((turn) => setImmediate(turn));
        }
      }
      for (const subscriber of shared.subscribers) subscriber.complete();
    } catch (error) {
      for (const subscriber of shared.subscribers) subscriber.error(error);
    } finally {
      forget(key, shared);
    }
  };
  const start = (key: string, subscribe: () => unknown): Shared => {
    const shared: Shared = {
      subscribers: new Set(),
      emitted: false,
      iterator: null,
      streams: streamsOfOne(),
      started: Promise.resolve(subscribe()).then((result) => {
        if (!isAsyncIterable(result)) {
          forget(key, shared);
          return result as ExecutionResult;
        }
        shared.iterator = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
        void pump(key, shared, shared.iterator);
        return null;
      }),
    };
    executions.set(key, shared);
    return shared;
  };
  const sharedFor = (key: string, subscribe: () => unknown): Shared => {
    const known = executions.get(key);
    return known === undefined || known.emitted ? start(key, subscribe) : known;
  };
  const attachTo = (key: string, shared: Shared, subscriber: ResultSubscriber) => {
    shared.subscribers.add(subscriber);
    return () => {
      if (!shared.subscribers.delete(subscriber) || shared.subscribers.size > 0) return;
      forget(key, shared);
      void shared.iterator?.return?.();
    };
  };
  return {
    /** The results of `subscribe`, shared with the other subscribers of the same key. */
    async join(key: string, subscribe: () => unknown): Promise<SubscriptionResults> {
      const shared = sharedFor(key, subscribe);
      const results = new Observable<ExecutionResult>((subscriber) =>
        attachTo(key, shared, subscriber),
      );
      // Subscribed before waiting, so nothing the execution yields meanwhile is missed.
      const iterator = toAsyncIterable(results, shared.streams);
      const failed = await shared.started;
      if (failed === null) return iterator;
      void iterator.return?.();
      return failed;
    },
    /**
     * Hands `subscriber` the results of `subscribe` as they come, shared as `join`'s are,
     * with no buffer of its own: it takes each at once. `started` settles as `join` does;
     * `leave` ends its part (the execution ends with its last subscriber).
     */
    attach(key: string, subscribe: () => unknown, subscriber: ResultSubscriber) {
      const shared = sharedFor(key, subscribe);
      return { started: shared.started, leave: attachTo(key, shared, subscriber) };
    },
  };
}

export type SubscriptionSharing = ReturnType<typeof createSubscriptionSharing>;
