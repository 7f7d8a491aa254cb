// The codes alone, without the zod schemas of the package's entry point.
import { type DomainErrorCode, domainErrorCodes } from '@pocketnet/schema/domain-error-codes';

export type DomainErrorDetails = Readonly<Record<string, string>>;

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly details: DomainErrorDetails;

  constructor(
    code: DomainErrorCode,
    message: string,
    options: { details?: DomainErrorDetails; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details ?? {};
  }
}

export function isDomainError(error: unknown): error is DomainError {
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && (domainErrorCodes as readonly string[]).includes(code);
}

export function domainError(
  code: DomainErrorCode,
  message: string,
  details?: DomainErrorDetails,
): DomainError {
  return new DomainError(code, message, details ? { details } : {});
}

export const invalidArgument = (message: string, details?: DomainErrorDetails) =>
  domainError('INVALID_ARGUMENT', message, details);

export const contractNotFound = (contractId: string) =>
  domainError('CONTRACT_NOT_FOUND', `Contract could not be found with id ${contractId}`, {
    contractId,
  });
