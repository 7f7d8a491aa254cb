import type { ActorTransition, Caller } from '@pocketnet/runtime';
import type { Response } from 'express';
import { filter, type Subscription } from 'rxjs';
import { type EventStreamGuardDeps, guardEventStream } from '../http/event-stream-guard.ts';
import { createStreamGauge } from '../http/stream-gauge.ts';
import { streamLimitsOf } from '../http/stream-limits.ts';
import type { ActorInspection } from './actor-inspection.ts';

export type TransitionFilter = { readonly machine?: string; readonly actor?: string };

export type TransitionStreams = {
  /** Serves the transitions `caller` may see as server-sent events until either side ends. */
  open(res: Response, caller: Caller, only: TransitionFilter): void;
  /** Ends every open stream, so that the server can close; with a `reverted` event first if given. */
  closeAll(reason?: string): void;
  /** How many streams are open now. */
  readonly size: number;
};

/** Proxies and the browser keep a quiet connection open when it hears a comment this often. */
export const defaultHeartbeatMs = 15_000;

function isWanted(actors: ActorInspection, caller: Caller, only: TransitionFilter) {
  return (transition: ActorTransition) => {
    if (only.machine !== undefined && transition.machine !== only.machine) return false;
    if (only.actor !== undefined && transition.actorId !== only.actor) return false;
    try {
      return actors.canSee(caller, transition.actorId);
    } catch {
      // A user deactivated while listening sees nothing more.
      return false;
    }
  };
}

const frame = (transition: ActorTransition) =>
  `event: transition\ndata: ${JSON.stringify(transition)}\n\n`;

/**
 * `text/event-stream` of actor transitions. Each stream starts with a `ready` event (so that a
 * client can load what exists after it knows it will hear what changes), then sends one
 * `transition` event per transition it may see, and a comment line every `heartbeatMs`. A
 * client that reads slower than transitions happen is cut off (`guard`) rather than buffered
 * for: the stream cannot be resumed, and the page reconnects and reloads what exists.
 */
export function createTransitionStreams(deps: {
  readonly actors: ActorInspection;
  readonly heartbeatMs?: number;
  readonly guard?: EventStreamGuardDeps;
}): TransitionStreams {
  // Each stream's end; a revert's reason is sent as a `reverted` event before it ends.
  const streams = new Set<(reason?: string) => void>();
  const heartbeatMs = deps.heartbeatMs ?? defaultHeartbeatMs;
  const guard = deps.guard ?? { limits: streamLimitsOf(), gauge: createStreamGauge() };
  return {
    get size() {
      return streams.size;
    },
    open(res, caller, only) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      guardEventStream(res, guard);
      res.write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
      let subscription: Subscription | undefined;
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      const end = (reason?: string) => {
        if (!streams.delete(end)) return;
        if (reason !== undefined) {
          res.write(`event: reverted\ndata: ${JSON.stringify({ reason })}\n\n`);
        }
        clearInterval(heartbeat);
        subscription?.unsubscribe();
        res.end();
      };
      streams.add(end);
      res.on('close', () => end());
      subscription = deps.actors.transitions$
        .pipe(filter(isWanted(deps.actors, caller, only)))
        .subscribe({
          next: (transition) => res.write(frame(transition)),
          error: () => end(),
          complete: () => end(),
        });
      // A registry that has already stopped completes at once, before `subscription` is set.
      if (!streams.has(end)) subscription.unsubscribe();
    },
    closeAll(reason) {
      for (const end of [...streams]) end(reason);
    },
  };
}
