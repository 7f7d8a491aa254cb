import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '@pocketnet/runtime';
import { maxRequestBodyBytes, parseJsonBody } from '../http/json-body.middleware.ts';
import { plainBodyLength, readPlainBody } from '../http/plain-body.ts';
import { sendJson } from '../http/send-json.ts';
import type { SubmissionAdmission } from '../http/submission-admission.ts';
import type { LedgerApiDeps } from './route-deps.ts';
import { submitAndWait } from './submit-and-wait.ts';

const lanePath = '/v2/commands/submit-and-wait';

/** Returns an admitted command's ticket (-1: none was taken); `failed`: it has no result. */
function releaseTicket(
  admission: SubmissionAdmission | null,
  ticket: number,
  failed: boolean,
): void {
  if (ticket >= 0) admission?.release(ticket, failed);
}

/** Takes a request and answers it (true), or leaves it untouched for express (false). */
export type FastLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * POST /v2/commands/submit-and-wait, the one hot path, ahead of express: when the caller is
 * known without waiting (`--auth none`, or a token verified before) and the body is plain, the
 * lane reads, decodes, submits and answers on its own, the very bytes the express route would
 * send. Express's per-request setup and routing cost more than a tenth of a submission. What
 * the lane declines (first sight of a token, chunked or oversized bodies, a query string, any
 * other request) is left to express unchanged; a failure is answered by `answerFailure`, the
 * one the Ledger API's error handler uses, so every error answer is the one given elsewhere.
 */
export function createSubmitFastLane(
  deps: LedgerApiDeps & {
    readonly knownCaller: (request: IncomingMessage) => Caller | undefined;
    /** Commands in flight and their waiting time, limited (`start`); unlimited when absent. */
    readonly admission?: SubmissionAdmission | undefined;
    readonly answerFailure: (error: unknown, req: IncomingMessage, res: ServerResponse) => void;
  },
): FastLane {
  const admission = deps.admission ?? null;
  const { answerFailure } = deps;
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== lanePath) return false;
    const caller = deps.knownCaller(req);
    if (caller === undefined) return false;
    const length = plainBodyLength(req, maxRequestBodyBytes);
    if (length === null) return false;
    // Declared here, beside req and res, so that the answer's callbacks allocate nothing more.
    let ticket = -1;
    readPlainBody(req, length, (error, body) => {
      if (error) return answerFailure(error, req, res);
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
            answerFailure(failure, req, res);
          },
        );
      } catch (failure) {
        releaseTicket(admission, ticket, true);
        answerFailure(failure, req, res);
      }
    });
    return true;
  };
}
