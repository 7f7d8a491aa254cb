/**
 * A request Canton's JSON API would refuse before reaching any service: its answer is a
 * `text/plain` body (400 for a body that does not decode, 413 for one over the size limit).
 */
export class RequestBodyError extends Error {
  override readonly name = 'RequestBodyError';
  readonly status: number;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status ?? 400;
  }
}

export function isRequestBodyError(error: unknown): error is RequestBodyError {
  return error instanceof Error && error.name === 'RequestBodyError' && 'status' in error;
}

/** A path or query parameter that does not decode: `Invalid value for: query parameter limit (…)`. */
export const invalidParameter = (what: string, detail: string) =>
  new RequestBodyError(`Invalid value for: ${what} (${detail})`);

/** tapir's wording, which Canton's JSON API answers with: `Invalid value for: body (…)`. */
export const invalidBody = (detail: string, cause?: unknown) =>
  new RequestBodyError(`Invalid value for: body (${detail})`, cause === undefined ? {} : { cause });
