import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { isDomainError } from '@pocketnet/ledger';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { renderCantonError, renderInternalError } from './canton-error.render.ts';
import { factsOf } from './canton-error-catalogue.ts';
import { isZodError } from './render-ledger-error.ts';
import { invalidBody, isRequestBodyError } from './request-body-error.ts';
import { traceIdOf } from './trace-id.ts';
import { describeZodIssues } from './zod-issues.ts';

export type LedgerErrorHandlerOptions = {
  readonly logger: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** The participant's name, reported in every error's context as Canton does. */
  readonly participant?: string;
  /** Show the real code and cause of authentication and permission failures (see render). */
  readonly revealSecuritySensitive?: boolean;
};

/** How the Ledger API answers a failure: a plain-text refusal, or a JSON error body. */
export type LedgerErrorAnswer =
  | { readonly status: number; readonly text: string }
  | { readonly status: number; readonly json: object };

/** The request a failure answers, as much of it as the answer and its log line need. */
export type FailedRequest = {
  readonly method: string | undefined;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
};

/**
 * The Ledger API's answer to a failure: a malformed body gets Canton's plain-text 4xx, a
 * `DomainError` its JSON error body and status, anything else a fixed 500 with the cause logged.
 */
export function createLedgerErrorAnswer(
  options: LedgerErrorHandlerOptions,
): (error: unknown, request: FailedRequest) => LedgerErrorAnswer {
  const { logger } = options;
  return (error, request) => {
    if (isZodError(error))
      return { status: 400, text: invalidBody(describeZodIssues(error.issues)).message };
    if (isRequestBodyError(error)) return { status: error.status, text: error.message };
    if (isClientHttpError(error)) {
      return { status: 400, text: `Invalid value for: path (${error.message})` };
    }
    const traceId = traceIdOf(request.headers);
    const where = { method: request.method, path: request.path, traceId };
    if (isDomainError(error)) {
      const level = factsOf(error.code).securitySensitive ? 'warn' : 'info';
      logger[level]({ ...where, code: error.code, details: error.details }, error.message);
      const { status, body } = renderCantonError(error, { ...options, traceId });
      return { status, json: body };
    }
    const correlationId = randomUUID();
    logger.error({ ...where, correlationId, err: error }, 'ledger API request failed');
    const { status, body } = renderInternalError({ ...options, traceId, correlationId });
    return { status, json: body };
  };
}

/** Writes `answer` with the headers express's `res.send`/`res.json` would (ETags off). */
export function writeLedgerErrorAnswer(res: ServerResponse, answer: LedgerErrorAnswer): void {
  const isText = 'text' in answer;
  const payload = isText ? answer.text : JSON.stringify(answer.json);
  res.writeHead(answer.status, {
    'Content-Type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload, 'utf8'),
  });
  res.end(payload, 'utf8');
}

const sendText = (res: Response, status: number, message: string) =>
  res.status(status).type('text/plain').send(message);

/** The last middleware of the Ledger API: answers every failure as `createLedgerErrorAnswer`. */
export function createLedgerErrorHandler(options: LedgerErrorHandlerOptions): ErrorRequestHandler {
  const answerOf = createLedgerErrorAnswer(options);
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const answer = answerOf(error, req);
    if ('text' in answer) return sendText(res, answer.status, answer.text);
    return res.status(answer.status).json(answer.json);
  };
}

/** Express's own refusals of a request it could not route (a malformed percent-escape). */
function isClientHttpError(error: unknown): error is Error & { status: number } {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof Error && typeof status === 'number' && status >= 400 && status < 500;
}

/** Pekko HTTP's answer to a path no route serves. */
export function createLedgerNotFoundHandler(): RequestHandler {
  return (_req, res) => {
    sendText(res, 404, 'The requested resource could not be found.');
  };
}
