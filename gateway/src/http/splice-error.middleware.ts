import { randomUUID } from 'node:crypto';
import { isDomainError } from '@pocketnet/ledger';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { callerMessageOf } from './caller-message.ts';
import { factsOf } from './canton-error-catalogue.ts';
import { isZodError } from './render-ledger-error.ts';
import { isRequestBodyError } from './request-body-error.ts';
import { describeZodIssues } from './zod-issues.ts';

/**
 * The last middleware of the Splice-style APIs (scan, validator, devnet controls): every failure
 * is `{ "error": "…" }` with the status its cause calls for (a refused token's reason only in the
 * log); a bug is a fixed 500, logged once.
 */
export function createSpliceErrorHandler(options: {
  readonly logger: Pick<Logger, 'error' | 'info'>;
}): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isZodError(error)) return res.status(400).json({ error: describeZodIssues(error.issues) });
    if (isRequestBodyError(error)) return res.status(error.status).json({ error: error.message });
    if (isDomainError(error)) {
      options.logger.info({ path: req.path, code: error.code }, error.message);
      return res.status(factsOf(error.code).httpStatus).json({ error: callerMessageOf(error) });
    }
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return res
        .status(400)
        .json({ error: error instanceof Error ? error.message : 'Bad request' });
    }
    const correlationId = randomUUID();
    options.logger.error({ path: req.path, correlationId, err: error }, 'request failed');
    return res.status(500).json({ error: `An internal error occurred (${correlationId})` });
  };
}
