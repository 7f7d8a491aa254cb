import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '@pocketnet/runtime';
import type { Express, RequestHandler } from 'express';
import { maxRequestBodyBytes, parseJsonBody } from '../http/json-body.middleware.ts';
import { plainBodyLength, readPlainBody } from '../http/plain-body.ts';
import { sendJson } from '../http/send-json.ts';
import type { SubmissionAdmission } from '../http/submission-admission.ts';
import type { LedgerApiDeps } from './route-deps.ts';
import { submitAndWait } from './submit-and-wait.ts';

const lanePath = '/v2/commands/submit-and-wait';

/** A request the lane took and could not answer: express's error handlers answer it instead. */
const laneFailure = Symbol('submit fast lane failure');
type LaneRequest = IncomingMessage & { [laneFailure]?: { readonly error: unknown } };

/** Returns an admitted command's ticket (-1: none was taken); `failed`: it has no result. */
function releaseTicket(
  admission: SubmissionAdmission | null,
  ticket: number,
  failed: boolean,
): void {
  if (ticket >= 0) admission?.release(ticket, failed);
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
type AppWithHandle = Express & { handle: Handle };

/**
 * POST /v2/commands/submit-and-wait, the one hot path, ahead of express: when the caller is
 * known without waiting (`--auth none`, or a token verified before) and the body is plain, the
 * lane reads, decodes, submits and answers on its own, the very bytes the express route would
 * send. Express's per-request setup and routing cost more than a tenth of a submission. What
 * the lane declines (first sight of a token, chunked or oversized bodies, a query string, any
 * other request) goes through express unchanged; a failure is handed to express's error
 * handlers, so every error answer is the one the API gives everywhere else.
 */
export function installSubmitFastLane(
  app: Express,
  deps: LedgerApiDeps & {
    readonly knownCaller: (request: IncomingMessage) => Caller | undefined;
    /** Commands in flight and their waiting time, limited (`start`); unlimited when absent. */
    readonly admission?: SubmissionAdmission | undefined;
  },
): void {
  const admission = deps.admission ?? null;
  const withHandle = app as AppWithHandle;
  const handle: Handle = withHandle.handle.bind(app);
  const fail = (req: LaneRequest, res: ServerResponse, error: unknown) => {
    req[laneFailure] = { error };
    handle(req, res);
  };
  const take = (req: LaneRequest, res: ServerResponse): boolean => {
    if (req.method !== 'POST' || req.url !== lanePath) return false;
    const caller = deps.knownCaller(req);
    if (caller === undefined) return false;
    const length = plainBodyLength(req, maxRequestBodyBytes);
    if (length === null) return false;
    // Declared here, beside req and res, so that the answer's callbacks allocate nothing more.
    let ticket = -1;
    readPlainBody(req, length, (error, body) => {
      if (error) return fail(req, res, error);
      try {
        // Admitted before the body is parsed: a refusal costs next to nothing.
        if (admission !== null) ticket = admission.admit();
        submitAndWait(deps.node, caller, parseJsonBody(body)).then(
          (answer) => {
            releaseTicket(admission, ticket, false);
            sendJson(res, answer);
          },
          (failure: unknown) => {
            releaseTicket(admission, ticket, true);
            fail(req, res, failure);
          },
        );
      } catch (failure) {
        releaseTicket(admission, ticket, true);
        fail(req, res, failure);
      }
    });
    return true;
  };
  withHandle.handle = (req, res, next) => {
    if (next !== undefined || !take(req, res)) handle(req, res, next);
  };
}

/** First in the app: passes a failure of the lane on to the error handlers (and nothing else). */
export const submitFastLaneFailures: RequestHandler = (req, _res, next) => {
  const failure = (req as LaneRequest)[laneFailure];
  next(failure === undefined ? undefined : failure.error);
};
