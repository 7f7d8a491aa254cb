import type { Request } from 'express';
import { type Observable, Subscription } from 'rxjs';

export type ListOptions = { readonly limit: number | null; readonly idleTimeoutMs: number };

// Canton's JSON API answers a stream's HTTP form with the elements that arrive until the stream
// has been idle this long; it refuses lists longer than its element limit.
const defaultIdleTimeoutMs = 1000;

export function listOptions(req: Request, defaults?: { idleTimeoutMs?: number }): ListOptions {
  const limit = Number(req.query.limit);
  const idle = Number(req.query.stream_idle_timeout_ms);
  return {
    limit: Number.isInteger(limit) && limit > 0 ? limit : null,
    idleTimeoutMs:
      Number.isInteger(idle) && idle >= 0
        ? idle
        : (defaults?.idleTimeoutMs ?? defaultIdleTimeoutMs),
  };
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
    subscription.add(
      source$.subscribe({
        next(item) {
          items.push(item);
          if (options.limit !== null && items.length >= options.limit) finish();
          else armIdleTimer();
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
