import type { ServerResponse } from 'node:http';
import type { StreamGauge } from './stream-gauge.ts';
import type { StreamLimits } from './stream-limits.ts';

export type EventStreamGuardDeps = {
  readonly limits: StreamLimits;
  readonly gauge: StreamGauge;
};

/**
 * Bounds what a streamed response (server-sent events) holds for a slow client: right after a
 * write that leaves more than `highWaterMark` bytes unsent, or once the response has waited
 * `stallTimeoutMs` for its client to read, the connection is cut (destroyed, so what it held is
 * freed at once). EventSource clients reconnect by themselves. The writer keeps writing as it
 * did; nothing on the path that feeds other clients waits for this one.
 */
export function guardEventStream(res: ServerResponse, deps: EventStreamGuardDeps): void {
  const { highWaterMark, stallTimeoutMs } = deps.limits;
  let stall: NodeJS.Timeout | undefined;
  const cutOff = () => {
    clearTimeout(stall);
    deps.gauge.countCutOff();
    res.destroy();
  };
  const drained = () => {
    clearTimeout(stall);
    stall = undefined;
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
    if (!accepted && stall === undefined) {
      stall = setTimeout(cutOff, stallTimeoutMs);
      res.once('drain', drained);
    }
    return accepted;
  }) as ServerResponse['write'];
  res.once('close', () => clearTimeout(stall));
}
