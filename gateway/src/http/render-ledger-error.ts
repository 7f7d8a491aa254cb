import { randomUUID } from 'node:crypto';
import { DomainError, isDomainError } from '@pocketnet/ledger';
import type { z } from 'zod';
import {
  type CantonErrorRenderOptions,
  type RenderedCantonError,
  renderCantonError,
  renderInternalError,
} from './canton-error.render.ts';
import { invalidBody, isRequestBodyError } from './request-body-error.ts';
import { describeZodIssues } from './zod-issues.ts';

export const isZodError = (error: unknown): error is z.ZodError =>
  error instanceof Error &&
  error.name === 'ZodError' &&
  Array.isArray((error as z.ZodError).issues);

/**
 * Any failure as a JsCantonError, for channels that cannot answer with a plain-text 400 (a
 * WebSocket message, a refused upgrade): an undecodable request becomes INVALID_ARGUMENT, a bug
 * the fixed internal error.
 */
export function renderLedgerError(
  error: unknown,
  options: CantonErrorRenderOptions & { readonly traceId: string; readonly correlationId?: string },
): RenderedCantonError {
  if (isDomainError(error)) return renderCantonError(error, options);
  if (isZodError(error) || isRequestBodyError(error)) {
    const message = isZodError(error)
      ? invalidBody(describeZodIssues(error.issues)).message
      : error.message;
    return renderCantonError(new DomainError('INVALID_ARGUMENT', message), options);
  }
  return renderInternalError({ ...options, correlationId: options.correlationId ?? randomUUID() });
}
