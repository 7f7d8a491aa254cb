// Why a DALF or DAR could not be read; the package service maps the kind to Canton's error code.
export type LfDecodeErrorKind =
  /** Not a zip / not protobuf / a reference outside its table: Canton's "Dar file is corrupt". */
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
