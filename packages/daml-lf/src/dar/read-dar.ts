// A DAR: a zip whose manifest names its main DALF and every DALF it bundles.
import { unzipSync } from 'fflate';
import { type ArchiveEnvelope, readArchive } from '../decode/decode-archive.ts';
import { invalidDar } from '../decode/lf-decode-error.ts';
import { type DarManifest, parseDarManifest } from './manifest.ts';

export const manifestPath = 'META-INF/MANIFEST.MF';

export type Dar = {
  readonly manifest: DarManifest;
  /** The main package first, then the others in the manifest's order; hashes checked. */
  readonly archives: readonly ArchiveEnvelope[];
  readonly mainPackageId: string;
};

const zipMagic = [0x50, 0x4b];

/** Whether the bytes are a zip (a DAR) rather than a bare DALF. */
export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === zipMagic[0] && bytes[1] === zipMagic[1];

function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    // Only the manifest and the DALFs are inflated: sources and interface files are not read.
    return unzipSync(bytes, {
      filter: (file) => file.name === manifestPath || file.name.endsWith('.dalf'),
    });
  } catch (error) {
    return invalidDar(`the DAR is not a valid zip: ${(error as Error).message}`);
  }
}

export function readDar(bytes: Uint8Array): Dar {
  const files = unzip(bytes);
  const manifestBytes = files[manifestPath] ?? invalidDar(`the DAR has no ${manifestPath}`);
  const manifest = parseDarManifest(new TextDecoder().decode(manifestBytes));
  const archives = manifest.dalfs.map((name) =>
    readArchive(files[name] ?? invalidDar(`the manifest lists ${name}, which the DAR lacks`)),
  );
  const main = archives[0] ?? invalidDar('the DAR has no main package');
  return { manifest, archives, mainPackageId: main.packageId };
}
