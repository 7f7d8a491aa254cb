// What an upload endpoint receives: a DAR (a zip), or a single DALF.
import { type ArchiveEnvelope, readArchive } from '../decode/decode-archive.ts';
import { invalidDar } from '../decode/lf-decode-error.ts';
import { lfTypes } from '../protobuf/lf-root.ts';
import { isZip, readDar } from './read-dar.ts';

const packageIdPattern = /^[0-9a-f]{64}$/;

/** An `Archive` message naming a package id and carrying a payload: what a DALF is. */
function isDalf(bytes: Uint8Array): boolean {
  try {
    const archive = lfTypes().archiveType.decode(bytes) as { hash?: string; payload?: Uint8Array };
    return packageIdPattern.test(archive.hash ?? '') && (archive.payload?.length ?? 0) > 0;
  } catch {
    return false;
  }
}

/** The archives of an uploaded DAR or DALF, the main package first, each hash checked. */
export function readUploadedArchives(bytes: Uint8Array): ArchiveEnvelope[] {
  if (isZip(bytes)) return [...readDar(bytes).archives];
  if (isDalf(bytes)) return [readArchive(bytes)];
  return invalidDar('the upload is neither a DAR (a zip) nor a DALF');
}
