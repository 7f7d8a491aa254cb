import type { ActorRequest } from '@pocketnet/runtime';
import type { Logger } from 'pino';
import { EMPTY, map, merge, type Observable, type Subscription } from 'rxjs';
import type { Automation } from '../validator/define-automation.ts';
import type { JobDispatch } from './job-dispatch.ts';
import type { JobTrigger } from './job-trigger.ts';
import type { TriggerDeps } from './trigger-deps.ts';

/**
 * Triggers from the bus: contracts as transactions create them and what workflow actors ask
 * for, each offered to every automation's trigger. Each enqueues the job the schedule would find
 * later, with the same id, so whichever comes first runs it once.
 */
export function subscribeBusTriggers(
  deps: TriggerDeps & {
    readonly automations: readonly Automation[];
    readonly dispatch: JobDispatch;
    readonly requests$: Observable<ActorRequest> | null;
    readonly logger: Logger;
  },
): Subscription {
  const { automations } = deps;
  const jobsOf = {
    created: (created: Parameters<Automation['created']>[1]) =>
      automations.flatMap((automation) => automation.created(deps, created)),
    actor: (request: ActorRequest) =>
      automations
        .map((automation) => automation.requested(deps, request))
        .filter((job): job is JobTrigger => job !== null),
  };
  const causes$ = merge(
    deps.automation.created$.pipe(map((created) => () => jobsOf.created(created))),
    (deps.requests$ ?? EMPTY).pipe(map((request) => () => jobsOf.actor(request))),
  );
  return causes$.subscribe((jobsOfCause) => {
    // One bad contract must not end the subscription: each cause is handled on its own.
    try {
      for (const job of jobsOfCause()) void deps.dispatch.fire(job);
    } catch (error) {
      // The schedule finds the same work later from the node's state.
      deps.logger.debug({ err: error }, 'a bus trigger failed');
    }
  });
}
