import type { Request } from 'express';
import { type Observable, Subscription, take } from 'rxjs';
import { invalidParameter } from '../http/request-body-error.ts';

export type ListOptions = { readonly limit: number | null; readonly idleTimeoutMs: number };

// Canton's JSON API answers a stream's HTTP form with the elements that arrive until the stream
// has been idle this long; it refuses lists longer than its element limit.
const defaultIdleTimeoutMs = 1000;

export function listOptions(req: Request, defaults?: { idleTimeoutMs?: number }): ListOptions {
  const limit = integerQuery(req, 'limit');
  const idle = integerQuery(req, 'stream_idle_timeout_ms');
  return {
    limit: limit !== null && limit > 0 ? limit : null,
    // Node's timers hold at most 2^31 - 1 ms; a longer wait would fire at once.
    idleTimeoutMs: Math.min(idle ?? defaults?.idleTimeoutMs ?? defaultIdleTimeoutMs, maxTimerMs),
  };
}

const maxTimerMs = 2 ** 31 - 1;

/** An optional integer query parameter; anything else is refused as Canton's decoder does. */
export function integerQuery(req: Request, name: string): number | null {
  const raw = req.query[name];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) {
    throw invalidParameter(`query parameter ${name}`, `expected an integer, got ${String(raw)}`);
  }
  return Number(raw);
}

/**
 * Collects a stream into a list: everything available now, then whatever arrives until the
 * stream is idle for `idleTimeoutMs`, it completes, or `limit` elements have been collected.
 */
export function collectList<T>(source$: Observable<T>, options: ListOptions): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    const subscription = new Subscription();
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(items);
    };
    const armIdleTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, options.idleTimeoutMs);
    };
    const limited$ = options.limit === null ? source$ : source$.pipe(take(options.limit));
    subscription.add(
      limited$.subscribe({
        next(item) {
          items.push(item);
          armIdleTimer();
        },
        error: (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
        complete: finish,
      }),
    );
    if (!subscription.closed) armIdleTimer();
  });
}
