import type { RequestHandler } from 'express';
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
 * ticket is returned when the answer is sent (or the client went away: failed, as is an error
 * answer, whose latency tells nothing of the writer's queue).
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
    res.once('close', () =>
      admission.release(ticket, !res.writableFinished || res.statusCode >= 400),
    );
    next();
  };
}
