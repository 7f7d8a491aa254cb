import { DomainError } from '@pocketnet/ledger';
import { type Response, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticator.ts';
import type { EventStreamGuardDeps } from '../http/event-stream-guard.ts';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import type { ActorInspection } from './actor-inspection.ts';
import { streamCallerOf } from './stream-caller.ts';
import { createTransitionStreams, type TransitionFilter } from './transition-stream.ts';

export type InspectApiDeps = {
  readonly actors: ActorInspection;
  readonly authenticator: Authenticator;
  readonly logger: Logger;
  /** How often an idle transition stream sends a heartbeat comment. */
  readonly heartbeatMs?: number;
  /** What a transition stream may hold for a slow client before it is cut off. */
  readonly streamGuard?: EventStreamGuardDeps;
};

const actorsQuerySchema = z.object({
  machine: z.string().min(1).optional(),
  state: z.string().min(1).optional(),
});

const transitionsQuerySchema = z.object({
  machine: z.string().min(1).optional(),
  actor: z.string().min(1).optional(),
  access_token: z.string().optional(),
});

const notFound = (res: Response, error: string) => void res.status(404).json({ error });

/** `/api/inspect/v0`: the workflow actors' machines, the actors a caller may see, their transitions. */
export function createInspectApi(deps: InspectApiDeps): {
  router: Router;
  closeStreams(reason?: string): void;
  /** How many transition streams are open now. */
  openStreams(): number;
} {
  const { actors } = deps;
  const streams = createTransitionStreams({
    actors,
    ...(deps.heartbeatMs === undefined ? {} : { heartbeatMs: deps.heartbeatMs }),
    ...(deps.streamGuard === undefined ? {} : { guard: deps.streamGuard }),
  });
  const knownMachine = (id: string | undefined) => {
    if (id === undefined || actors.machine(id)) return;
    const known = actors.machines().map((machine) => machine.id);
    throw new DomainError(
      'INVALID_ARGUMENT',
      `There is no machine ${id}; the machines are ${known.join(', ')}`,
    );
  };
  const router = Router();

  router.get('/machines', (_req, res) => {
    callerOf(res);
    res.json({ machines: actors.machines() });
  });
  router.get('/machines/:id', (req, res) => {
    callerOf(res);
    const machine = actors.machine(req.params.id);
    if (!machine) return notFound(res, `There is no machine ${req.params.id}`);
    res.json(machine);
  });
  router.get('/actors', (req, res) => {
    const caller = callerOf(res);
    const { machine, state } = actorsQuerySchema.parse(req.query);
    knownMachine(machine);
    const filter = { ...(machine ? { machine } : {}), ...(state ? { state } : {}) };
    res.json({ actors: actors.list(caller, filter) });
  });
  router.get('/actors/:id', (req, res) => {
    const actor = actors.get(callerOf(res), req.params.id);
    if (!actor) return notFound(res, `There is no actor ${req.params.id} this user may see`);
    res.json(actor);
  });
  router.get('/transitions', async (req, res) => {
    const caller = await streamCallerOf(deps.authenticator, req, res);
    const { machine, actor } = transitionsQuerySchema.parse(req.query);
    knownMachine(machine);
    // Asking once before the stream opens turns an unknown or deactivated user into a 403.
    actors.list(caller, machine ? { machine } : {});
    const only: TransitionFilter = { ...(machine ? { machine } : {}), ...(actor ? { actor } : {}) };
    streams.open(res, caller, only);
  });
  router.use((req, res) => notFound(res, `There is no inspect endpoint ${req.method} ${req.path}`));
  router.use(createSpliceErrorHandler({ logger: deps.logger }));
  return {
    router,
    closeStreams: (reason?: string) => streams.closeAll(reason),
    openStreams: () => streams.size,
  };
}
