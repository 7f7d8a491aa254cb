// Why a DALF or DAR could not be read; the package service maps the kind to Canton's error code.
export type LfDecodeErrorKind =
  /** Not a zip, or no readable manifest, or a DALF it lists missing: Canton's INVALID_DAR. */
  | 'invalidDar'
  /** A DALF that is not valid protobuf or refers outside its own tables: DAR_PARSE_ERROR. */
  | 'corrupt'
  /** The archive's package id is not the SHA-256 of its payload. */
  | 'hashMismatch'
  /** An LF version (or hash function) this node does not run. */
  | 'unsupportedVersion';

export class LfDecodeError extends Error {
  override readonly name = 'LfDecodeError';
  readonly kind: LfDecodeErrorKind;
  constructor(kind: LfDecodeErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export const isLfDecodeError = (error: unknown): error is LfDecodeError =>
  error instanceof Error && error.name === 'LfDecodeError' && 'kind' in error;

export function corrupt(message: string): never {
  throw new LfDecodeError('corrupt', message);
}

export function invalidDar(message: string): never {
  throw new LfDecodeError('invalidDar', message);
}
