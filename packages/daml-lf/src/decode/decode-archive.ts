// A DALF: the `Archive` envelope (hash function, hash, payload bytes) around an LF 2.1 package.
import { createHash } from 'node:crypto';
import type { PackageId } from '../ast/names.ts';
import type { Package } from '../ast.ts';
import { lfTypes } from '../protobuf/lf-root.ts';
import type { WirePackage } from '../protobuf/wire-types.ts';
import type { DecodeOptions } from './decode-context.ts';
import { decodeLfPackage } from './decode-package.ts';
import { corrupt, LfDecodeError } from './lf-decode-error.ts';

/** The LF minor versions this node runs. */
export const supportedLfMinors: readonly string[] = ['1'];

/** An archive whose hash was checked, its package not yet decoded. */
export type ArchiveEnvelope = {
  readonly packageId: PackageId;
  /** The DALF's bytes as given: what `GET /v2/packages/{id}` returns. */
  readonly archiveBytes: Uint8Array;
  readonly minor: string;
  /** The encoded LF 2 `Package` message. */
  readonly packageBytes: Uint8Array;
};

function parse<T>(what: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    return corrupt(`${what} is not valid protobuf: ${(error as Error).message}`);
  }
}

export const sha256Hex = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

type WireArchive = { hashFunction?: number; payload?: Uint8Array; hash?: string };
type WirePayload = { Sum?: string; minor?: string; damlLf_2?: Uint8Array };

/** Checks the envelope: SHA-256, the id being the payload's hash, and an LF 2.1 payload. */
export function readArchive(archiveBytes: Uint8Array): ArchiveEnvelope {
  const archive = parse('the archive', () =>
    lfTypes().archiveType.decode(archiveBytes),
  ) as WireArchive;
  if ((archive.hashFunction ?? 0) !== 0) {
    throw new LfDecodeError('unsupportedVersion', `unknown hash function ${archive.hashFunction}`);
  }
  const payload = archive.payload ?? new Uint8Array();
  const packageId = archive.hash ?? '';
  const actual = sha256Hex(payload);
  if (actual !== packageId) {
    throw new LfDecodeError(
      'hashMismatch',
      `Mismatching hashes! Expected ${packageId} but was ${actual}`,
    );
  }
  const wire = parse('the archive payload', () =>
    lfTypes().archivePayloadType.decode(payload),
  ) as WirePayload;
  if (wire.Sum !== 'damlLf_2') {
    throw new LfDecodeError(
      'unsupportedVersion',
      `package ${packageId} is not Daml-LF 2 (only LF 2.${supportedLfMinors.join(', 2.')} runs here)`,
    );
  }
  const minor = wire.minor ?? '';
  if (!supportedLfMinors.includes(minor)) {
    throw new LfDecodeError(
      'unsupportedVersion',
      `package ${packageId} is Daml-LF 2.${minor}; this node runs LF 2.${supportedLfMinors.join(', 2.')}`,
    );
  }
  return { packageId, archiveBytes, minor, packageBytes: wire.damlLf_2 ?? new Uint8Array() };
}

export function decodeEnvelope(envelope: ArchiveEnvelope, options: DecodeOptions = {}): Package {
  const wire = parse('the package', () =>
    lfTypes().packageType.decode(envelope.packageBytes),
  ) as WirePackage;
  return decodeLfPackage(wire, envelope.packageId, { ...options, minor: envelope.minor });
}

/** A DALF's package, checked and decoded. */
export function decodeDalf(archiveBytes: Uint8Array, options: DecodeOptions = {}): Package {
  return decodeEnvelope(readArchive(archiveBytes), options);
}
