import type { RequestHandler, Response } from 'express';
import type { SubmissionAdmission } from './submission-admission.ts';

/** Every REST path that hands commands to the engine (the fast lane admits its own). */
const submissionPaths: ReadonlySet<string> = new Set([
  '/v2/commands/submit-and-wait',
  '/v2/commands/submit-and-wait-for-transaction',
  '/v2/commands/submit-and-wait-for-transaction-tree',
  '/v2/commands/async/submit',
  '/v2/commands/submit-and-wait-for-reassignment',
  '/v2/commands/async/submit-reassignment',
  '/v2/interactive-submission/execute',
  '/v2/interactive-submission/executeAndWait',
  '/v2/interactive-submission/executeAndWaitForTransaction',
]);

/**
 * Ahead of the command routes: a submission is admitted before its body is even parsed, or
 * refused with PARTICIPANT_BACKPRESSURE by the error handlers, having changed nothing. Its
 * ticket is returned once the route has answered (failed, when the answer is an error, whose
 * latency tells nothing of the writer's queue, or reached nobody).
 */
export function admitSubmissions(admission: SubmissionAdmission): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !submissionPaths.has(req.path)) return next();
    let ticket: number;
    try {
      ticket = admission.admit();
    } catch (error) {
      return next(error);
    }
    onceAnswered(res, (failed) => admission.release(ticket, failed));
    next();
  };
}

type End = (...args: unknown[]) => Response;

/**
 * Calls `done` once, when the route ends its response: the command has settled by then. Not
 * at 'close', which comes as soon as a client hangs up, its command still in flight; nor at
 * 'finish', which never comes for an answer ended after the client went away (Node emits no
 * 'finish', and calls no end() callback, on a destroyed socket). `failed`: an error status, or
 * a client gone before the answer.
 */
function onceAnswered(res: Response, done: (failed: boolean) => void): void {
  let answered = false;
  const settle = (failed: boolean) => {
    if (answered) return;
    answered = true;
    done(failed);
  };
  const end = res.end.bind(res) as End;
  const endAndSettle: End = (...args) => {
    const failed = res.statusCode >= 400 || res.destroyed;
    try {
      return end(...args);
    } finally {
      settle(failed);
    }
  };
  res.end = endAndSettle as Response['end'];
  // An answer begun and broken off never ends: express destroys the socket when an error
  // follows the headers.
  res.once('close', () => {
    if (res.headersSent && !res.writableEnded) settle(true);
  });
}
