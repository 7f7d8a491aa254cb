// Splice's real DARs, read from the team's shared reference folder (never copied into the project).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeEnvelope, type Package, readDar } from '../src/index.ts';

export const sharedDarsDir = fileURLToPath(new URL('../../../../shared/dars/', import.meta.url));

export const sharedDarNames = (): string[] =>
  readdirSync(sharedDarsDir)
    .filter((name) => name.endsWith('.dar'))
    .sort();

export const readSharedDar = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(`${sharedDarsDir}${name}`));

/** SOURCES.md's table: each DAR file and the id of its main package. */
export function sourcesMainPackageIds(): Map<string, string> {
  const text = readFileSync(`${sharedDarsDir}SOURCES.md`, 'utf8');
  const ids = new Map<string, string>();
  for (const match of text.matchAll(/^\| (\S+\.dar) \| [^|]+ \| \S+-([0-9a-f]{64}) \|$/gm)) {
    ids.set(match[1] as string, match[2] as string);
  }
  return ids;
}

/** Every package of every shared DAR, decoded once by id. */
let allPackages: Map<string, Package> | undefined;
export function sharedPackages(): Map<string, Package> {
  if (allPackages) return allPackages;
  allPackages = new Map();
  for (const name of sharedDarNames()) {
    for (const archive of readDar(readSharedDar(name)).archives) {
      if (!allPackages.has(archive.packageId)) {
        allPackages.set(archive.packageId, decodeEnvelope(archive));
      }
    }
  }
  return allPackages;
}
