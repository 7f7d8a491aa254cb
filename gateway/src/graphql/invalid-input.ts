import { DomainError } from '@pocketnet/ledger';
import type { z } from 'zod';
import { isRequestBodyError } from '../http/request-body-error.ts';
import { describeZodIssues } from '../http/zod-issues.ts';

/**
 * Runs a decoder of the REST edge (which throws the Ledger API's 400 body error) and turns its
 * failure into the DomainError GraphQL reports: INVALID_ARGUMENT with the same message.
 */
export function asInvalidArgument<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (isRequestBodyError(error)) {
      throw new DomainError('INVALID_ARGUMENT', error.message, { cause: error });
    }
    throw error;
  }
}

/** Parses an argument with a zod schema of `schema/`; INVALID_ARGUMENT when it does not fit. */
export function parseArgument<TSchema extends z.ZodType>(
  schema: TSchema,
  value: unknown,
): z.output<TSchema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError('INVALID_ARGUMENT', describeZodIssues(result.error.issues));
  }
  return result.data;
}

/** The largest page a list argument may ask for (the query limits count a variable as this). */
export const maxPageSize = 1000;

/** A `pageSize` argument: from 1 to `maxPageSize`. */
export function pageSizeArgument(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    throw new DomainError('INVALID_ARGUMENT', `pageSize must be from 1 to ${maxPageSize}`);
  }
  return pageSize;
}
