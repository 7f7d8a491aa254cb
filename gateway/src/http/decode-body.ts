import {
  type LedgerApiRequest,
  type LedgerApiRequestName,
  ledgerApiRequestFastParsers,
  ledgerApiRequestSchemas,
} from '@pocketnet/schema';
import type { z } from 'zod';
import { invalidBody } from './request-body-error.ts';
import { describeZodIssues } from './zod-issues.ts';

/**
 * Decodes a parsed request body against its schema, or throws the `RequestBodyError` that the
 * ledger error handler answers with Canton's `400 Invalid value for: body (…)`.
 */
export function decodeBody<TSchema extends z.ZodType>(
  schema: TSchema,
  body: unknown,
): z.output<TSchema> {
  // An empty body is what jawn reports as exhausted input, whatever the schema wanted.
  if (body === undefined) throw invalidBody('exhausted input');
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw invalidBody(describeZodIssues(result.error.issues), result.error);
  return result.data;
}

/** Decodes a Ledger API request body named as the OpenAPI document names its schema. */
export function decodeLedgerRequest<TName extends LedgerApiRequestName>(
  name: TName,
  body: unknown,
): LedgerApiRequest<TName> {
  // A fast parser answers only when its answer is the schema's; anything else goes to zod.
  const fast = body === undefined ? undefined : ledgerApiRequestFastParsers[name]?.(body);
  if (fast !== undefined) return fast;
  // The schema is looked up by the same name the result type is, which tsc cannot follow.
  return decodeBody(ledgerApiRequestSchemas[name], body) as LedgerApiRequest<TName>;
}
