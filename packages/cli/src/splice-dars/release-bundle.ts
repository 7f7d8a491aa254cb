import { gunzipSync } from 'node:zlib';
import { SpliceDarsError } from '@pocketnet/runtime/splice-dars';

// Splice's release bundle (`<version>_splice-node.tar.gz`) is a gzipped tar whose `dars/`
// folder holds every DAR of the release. Only regular files' names and bytes are read here.

const block = 512;

const text = (bytes: Uint8Array, from: number, length: number) => {
  const field = bytes.subarray(from, from + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
};

/** A pax header's `path=` record, if any (long names in POSIX tars). */
const paxPath = (body: Uint8Array): string | undefined => {
  for (const line of new TextDecoder().decode(body).split('\n')) {
    const record = line.slice(line.indexOf(' ') + 1);
    if (record.startsWith('path=')) return record.slice('path='.length);
  }
  return undefined;
};

/** Every regular file of a tar, by its path. */
export function tarEntries(tar: Uint8Array): Map<string, Uint8Array> {
  const entries = new Map<string, Uint8Array>();
  let offset = 0;
  let longName: string | undefined;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size)) throw new SpliceDarsError('the release bundle is no valid tar');
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    const body = tar.subarray(offset + block, offset + block + size);
    if (body.length < size) throw new SpliceDarsError('the release bundle is truncated');
    longName = undefined;
    if (type === 'L') longName = text(body, 0, size);
    else if (type === 'x') longName = paxPath(body);
    else if (type === '0' || type === '\0') entries.set(name, body);
    offset += block + Math.ceil(size / block) * block;
  }
  return entries;
}

/** The DARs of a release bundle (a .tar.gz), by file name. */
export function darsInBundle(gzipped: Uint8Array): Map<string, Uint8Array> {
  let tar: Uint8Array;
  try {
    tar = gunzipSync(gzipped);
  } catch (error) {
    throw new SpliceDarsError(`the release bundle is no gzip: ${(error as Error).message}`);
  }
  const dars = new Map<string, Uint8Array>();
  for (const [path, bytes] of tarEntries(tar)) {
    const file = path.slice(path.lastIndexOf('/') + 1);
    if (file.endsWith('.dar') && /(^|\/)dars\//.test(path)) dars.set(file, bytes);
  }
  return dars;
}
