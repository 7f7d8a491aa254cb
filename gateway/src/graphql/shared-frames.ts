import type { ExecutionResult } from 'graphql';
import type { FrameWriter } from './graphql-ws-socket.ts';
import type { SubscriptionResults, SubscriptionSharing } from './subscription-sharing.ts';
import { fellBehind } from './to-async-iterable.ts';

/** One graphql-ws subscription: its id on its connection, and the connection's writer. */
export type FrameTarget = { readonly id: string; readonly writer: FrameWriter };

/**
 * The `next` message of the graphql-transport-ws protocol, `{"id":…,"type":"next","payload":…}`,
 * in two parts: a subscription's own head, and the body (the payload's JSON) shared by all the
 * subscribers of a result. (graphql-ws's client parses the two together as any other message;
 * graphql-ws-contract.test.ts pins that.)
 */
export const nextFrameHead = (id: string) => `{"id":${JSON.stringify(id)},"type":"next","payload":`;
export const nextFrameBody = (payload: ExecutionResult) => `${JSON.stringify(payload)}}`;

/**
 * What ends a subscription's part in a shared execution: the execution completed or failed, or
 * its client fell too far behind.
 */
type Ending = { readonly error: unknown } | 'done';

/**
 * graphql-ws subscriptions of one shared execution (subscription-sharing.ts) served as frames:
 * each result is serialised and encoded once, and each subscription writes it behind its own
 * head (its id, encoded once) straight to its connection, which buffers what its client has
 * not read (per-socket backpressure: a client more than its mark behind is dropped with an
 * error saying so, and may resubscribe).
 * graphql-ws is handed, for each, an async iterable that yields nothing and ends when the
 * subscription does: it then completes the subscription, or sends the error, as it would for
 * one of its own; its client completing or leaving calls `return()`, which leaves the share.
 */
export function createSharedFrames(sharing: SubscriptionSharing, maxHeldBytes: number) {
  // A shared execution hands one result to all its subscribers in a row, so the body asked
  // for is the last one made, bar the first subscriber's: one slot holds it. Its bytes exist
  // once, however many clients have yet to read them.
  let last: { readonly result: ExecutionResult; readonly body: Buffer } | null = null;
  const bodyOf = (result: ExecutionResult) => {
    if (last?.result !== result) last = { result, body: Buffer.from(nextFrameBody(result)) };
    return last.body;
  };
  return {
    async join(
      key: string,
      subscribe: () => unknown,
      target: FrameTarget,
    ): Promise<SubscriptionResults> {
      const head = Buffer.from(nextFrameHead(target.id));
      let ending: Ending | null = null;
      let waiting: ((ended: Ending) => void) | null = null;
      const end = (ended: Ending) => {
        if (ending !== null) return;
        ending = ended;
        stopListening();
        attached.leave();
        waiting?.(ended);
      };
      const stopListening = target.writer.onCutOff((error) => end({ error }));
      const attached = sharing.attach(key, subscribe, {
        next(result) {
          if (ending !== null) return;
          if (!target.writer.offer(head, bodyOf(result))) {
            end({ error: fellBehind(`${maxHeldBytes} bytes`) });
          }
        },
        complete: () => end('done'),
        error: (error) => end({ error }),
      });
      const failed = await attached.started;
      if (failed !== null) {
        attached.leave();
        return failed;
      }
      const settled = (ended: Ending): IteratorResult<never> => {
        if (ended === 'done') return { value: undefined, done: true };
        throw ended.error;
      };
      const iterator: AsyncIterableIterator<never> = {
        [Symbol.asyncIterator]: () => iterator,
        next: async () => {
          if (ending !== null) return settled(ending);
          return settled(await new Promise<Ending>((resolve) => (waiting = resolve)));
        },
        return: async () => {
          end('done');
          return { value: undefined, done: true };
        },
        throw: async (error: unknown) => {
          end('done');
          throw error;
        },
      };
      return iterator;
    },
  };
}

export type SharedFrames = ReturnType<typeof createSharedFrames>;
