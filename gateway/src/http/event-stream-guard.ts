import type { ServerResponse } from 'node:http';
import type { StreamBudget } from './stream-budget.ts';
import type { StreamGauge } from './stream-gauge.ts';
import type { StreamLimits } from './stream-limits.ts';

export type EventStreamGuardDeps = {
  readonly limits: Pick<StreamLimits, 'highWaterMark' | 'stallTimeoutMs'>;
  readonly gauge: StreamGauge;
  /** What all streams of the process may hold together (none: only this stream's mark). */
  readonly budget?: StreamBudget;
};

/**
 * Bounds what a streamed response (server-sent events) holds for a slow client: right after a
 * write that leaves more than `highWaterMark` bytes unsent, or once the response has waited
 * `stallTimeoutMs` for its client to read, the connection is cut (destroyed, so what it held is
 * freed at once). The same cut comes from the budget when all streams together hold too much
 * and this one holds the most. EventSource clients reconnect by themselves. The writer keeps
 * writing as it did; nothing on the path that feeds other clients waits for this one.
 */
export function guardEventStream(res: ServerResponse, deps: EventStreamGuardDeps): void {
  const { highWaterMark, stallTimeoutMs } = deps.limits;
  let stall: NodeJS.Timeout | undefined;
  const held = deps.budget?.open({
    held: () => (res.destroyed ? 0 : res.writableLength),
    cutOff: () => {
      clearTimeout(stall);
      res.destroy();
    },
  });
  const cutOff = () => {
    clearTimeout(stall);
    held?.close();
    deps.gauge.countCutOff();
    res.destroy();
  };
  const drained = () => {
    clearTimeout(stall);
    stall = undefined;
    held?.report(res.writableLength);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((...args: unknown[]) => {
    if (res.destroyed) return false;
    const accepted = write(...args);
    deps.gauge.record(res.writableLength);
    if (res.writableLength > highWaterMark) {
      cutOff();
      return false;
    }
    held?.report(res.writableLength);
    if (res.destroyed) return false;
    if (!accepted && stall === undefined) {
      stall = setTimeout(cutOff, stallTimeoutMs);
      res.once('drain', drained);
    }
    return accepted;
  }) as ServerResponse['write'];
  res.once('close', () => {
    clearTimeout(stall);
    held?.close();
  });
}
