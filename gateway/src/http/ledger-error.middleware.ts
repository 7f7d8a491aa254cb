import { randomUUID } from 'node:crypto';
import { isDomainError } from '@pocketnet/runtime';
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

const sendText = (res: Response, status: number, message: string) =>
  res.status(status).type('text/plain').send(message);

/**
 * The last middleware of the Ledger API: a malformed body gets Canton's plain-text 4xx, a
 * `DomainError` its JSON error body and status, anything else a fixed 500 with the cause logged.
 */
export function createLedgerErrorHandler(options: LedgerErrorHandlerOptions): ErrorRequestHandler {
  const { logger } = options;
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isZodError(error))
      return sendText(res, 400, invalidBody(describeZodIssues(error.issues)).message);
    if (isRequestBodyError(error)) return sendText(res, error.status, error.message);
    if (isClientHttpError(error)) {
      return sendText(res, 400, `Invalid value for: path (${error.message})`);
    }
    const traceId = traceIdOf(req);
    const where = { method: req.method, path: req.path, traceId };
    if (isDomainError(error)) {
      const level = factsOf(error.code).securitySensitive ? 'warn' : 'info';
      logger[level]({ ...where, code: error.code, details: error.details }, error.message);
      const { status, body } = renderCantonError(error, { ...options, traceId });
      return res.status(status).json(body);
    }
    const correlationId = randomUUID();
    logger.error({ ...where, correlationId, err: error }, 'ledger API request failed');
    const { status, body } = renderInternalError({ ...options, traceId, correlationId });
    return res.status(status).json(body);
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
