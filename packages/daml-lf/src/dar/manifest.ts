// META-INF/MANIFEST.MF as Java's jar manifests write it: `Name: value` lines of at most 72 bytes,
// a longer value continued on lines that start with one space.
import { invalidDar } from '../decode/lf-decode-error.ts';

export type DarManifest = {
  readonly mainDalf: string;
  /** Every DALF of the DAR: the main one first, then the others in the manifest's order. */
  readonly dalfs: readonly string[];
  readonly attributes: ReadonlyMap<string, string>;
};

export function parseManifestAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line.startsWith(' ')) {
      if (last === undefined) return invalidDar('the manifest starts with a continuation line');
      attributes.set(last, `${attributes.get(last) ?? ''}${line.slice(1)}`);
      continue;
    }
    if (line === '') {
      last = undefined;
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon <= 0) return invalidDar(`the manifest line "${line}" is not "Name: value"`);
    last = line.slice(0, colon);
    attributes.set(last, line.slice(colon + 2));
  }
  return attributes;
}

export function parseDarManifest(text: string): DarManifest {
  const attributes = parseManifestAttributes(text);
  const format = attributes.get('Format');
  if (format !== undefined && format !== 'daml-lf') {
    return invalidDar(`the manifest's format is ${format}, not daml-lf`);
  }
  const mainDalf = attributes.get('Main-Dalf') ?? invalidDar('the manifest names no Main-Dalf');
  const listed = (attributes.get('Dalfs') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const dalfs = [mainDalf, ...listed.filter((name) => name !== mainDalf)];
  return { mainDalf, dalfs, attributes };
}
