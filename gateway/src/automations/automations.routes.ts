import { DomainError } from '@pocketnet/ledger';
import type { AutomationQueueView, AutomationView, WalletService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { Logger } from 'pino';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';
import { callerOf } from '../ledger-api/route-deps.ts';

function renderQueue(queue: AutomationQueueView) {
  return {
    name: queue.name,
    counts: queue.counts,
    failures: queue.failures.map((failure) => ({
      job_id: failure.jobId,
      name: failure.name,
      reason: failure.reason,
      attempts_made: failure.attemptsMade,
    })),
    in_progress: queue.inProgress.map((job) => ({
      job_id: job.jobId,
      name: job.name,
      progress: job.progress,
    })),
  };
}

/**
 * `/api/automations/v0`: the state of the automations' queues for the validator operator and
 * participant admins: jobs per queue and state, recent failures with their reasons, and the
 * progress of running jobs (merges report holdings merged of total).
 */
export function automationsRoutes(deps: {
  /** Whose access rules say who is an admin. */
  readonly wallet: WalletService;
  readonly view: AutomationView | undefined;
  readonly logger: Logger;
}): Router {
  const router = Router();
  router.get('/queues', async (_req, res) => {
    deps.wallet.access.requireAdmin(callerOf(res));
    if (deps.view === undefined) {
      throw new DomainError('UNAVAILABLE', 'This node runs no automations');
    }
    const queues = await deps.view.queues();
    res.json({ runner: deps.view.mode, queues: queues.map(renderQueue) });
  });
  router.use(createSpliceErrorHandler({ logger: deps.logger }));
  return router;
}
