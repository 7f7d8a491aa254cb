// Hand-built LF packages: written as AST with `self` for their own id, encoded to a DALF, and
// read back with their real id; several packages make a DAR.
import { zipSync } from 'fflate';
import type {
  DefDataType,
  DefException,
  DefInterface,
  DefTemplate,
  DefTypeSyn,
  DefValue,
  Module,
  Package,
} from '../ast.ts';
import { manifestPath } from '../dar/read-dar.ts';
import { decodeDalf } from '../decode/decode-archive.ts';
import { encodeDalf } from './encode-package.ts';
import { selfPackageId } from './lf-builder.ts';

export type ModuleSpec = {
  readonly dataTypes?: readonly DefDataType[];
  readonly synonyms?: readonly DefTypeSyn[];
  readonly values?: readonly DefValue[];
  readonly templates?: readonly DefTemplate[];
  readonly exceptions?: readonly DefException[];
  readonly interfaces?: readonly DefInterface[];
};

export type PackageSpec = {
  readonly name: string;
  readonly version: string;
  readonly upgradedPackageId?: string;
  readonly modules: Readonly<Record<string, ModuleSpec>>;
};

export type BuiltPackage = { readonly pkg: Package; readonly archive: Uint8Array };

const byName = <T extends { readonly name: string }>(items: readonly T[] = []) =>
  new Map(items.map((item) => [item.name, item]));

function moduleOf(name: string, spec: ModuleSpec): Module {
  return {
    name,
    flags: {
      forbidPartyLiterals: true,
      dontDivulgeContractIdsInCreateArguments: true,
      dontDiscloseNonConsumingChoicesToObservers: true,
    },
    synonyms: byName(spec.synonyms),
    dataTypes: byName(spec.dataTypes),
    values: byName(spec.values),
    templates: byName(spec.templates),
    exceptions: byName(spec.exceptions),
    interfaces: byName(spec.interfaces),
  };
}

/** The package as a DALF, and as decoded from it (so with its real id throughout). */
export function buildPackage(spec: PackageSpec): BuiltPackage {
  const draft: Package = {
    packageId: selfPackageId,
    languageVersion: { major: 2, minor: '1' },
    metadata: {
      name: spec.name,
      version: spec.version,
      ...(spec.upgradedPackageId ? { upgradedPackageId: spec.upgradedPackageId } : {}),
    },
    modules: new Map(Object.entries(spec.modules).map(([name, m]) => [name, moduleOf(name, m)])),
    directDependencies: [],
  };
  const { archive } = encodeDalf(draft);
  return { pkg: decodeDalf(archive), archive };
}

/** Java's manifest lines: at most 72 bytes, longer ones continued after a leading space. */
function manifestLine(name: string, value: string): string {
  const line = `${name}: ${value}`;
  const pieces = [line.slice(0, 72)];
  for (let at = 72; at < line.length; at += 71) pieces.push(` ${line.slice(at, at + 71)}`);
  return pieces.join('\r\n');
}

/** A DAR of built packages, the first being the main one. */
export function buildDar(packages: readonly BuiltPackage[]): Uint8Array {
  const [main] = packages;
  if (!main) throw new Error('a DAR needs a main package');
  const dir = `${main.pkg.metadata.name}-${main.pkg.metadata.version}-${main.pkg.packageId}`;
  const path = ({ pkg }: BuiltPackage) =>
    `${dir}/${pkg.metadata.name}-${pkg.metadata.version}-${pkg.packageId}.dalf`;
  const manifest = [
    'Manifest-Version: 1.0',
    'Created-By: pocketnet',
    manifestLine('Main-Dalf', path(main)),
    manifestLine('Dalfs', packages.map(path).join(', ')),
    'Format: daml-lf',
    'Encryption: non-encrypted',
    '',
  ].join('\r\n');
  return zipSync({
    [manifestPath]: new TextEncoder().encode(manifest),
    ...Object.fromEntries(packages.map((built) => [path(built), built.archive])),
  });
}
