import { describe, expect, it } from 'vitest';
import { decodeEnvelope, type Package, readDar } from '../src/index.ts';
import { readSharedDar, sharedDarNames, sourcesMainPackageIds } from './shared-dars.ts';

// Every DALF of every DAR, decoded once per package id (the DARs share daml-prim and daml-stdlib).
const decoded = new Map<string, Package>();
const dars = sharedDarNames().map((name) => {
  const dar = readSharedDar(name);
  const read = readDar(dar);
  for (const archive of read.archives) {
    if (!decoded.has(archive.packageId)) decoded.set(archive.packageId, decodeEnvelope(archive));
  }
  return { name, read };
});

describe("Splice's DARs decode", () => {
  it('reads all 22 DARs and the main package ids SOURCES.md lists', () => {
    const expected = sourcesMainPackageIds();
    expect(dars.map((dar) => dar.name)).toEqual([...expected.keys()].sort());
    for (const { name, read } of dars) expect(read.mainPackageId).toBe(expected.get(name));
  });

  it('names each main package as the DAR file does', () => {
    for (const { name, read } of dars) {
      const { metadata } = decoded.get(read.mainPackageId) as Package;
      expect(`${metadata.name}-${metadata.version}.dar`).toBe(name);
    }
  });

  it('finds every dependency of every package inside the same DAR', () => {
    for (const { read } of dars) {
      const inDar = new Set(read.archives.map((archive) => archive.packageId));
      for (const archive of read.archives) {
        for (const dependency of decoded.get(archive.packageId)?.directDependencies ?? []) {
          expect(inDar.has(dependency), `${archive.packageId} needs ${dependency}`).toBe(true);
        }
      }
    }
  });

  it('decodes the token standard Holding interface with its view and the dummy holding implementing it', () => {
    const holdingId = '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b';
    const holding = decoded.get(holdingId)?.modules.get('Splice.Api.Token.HoldingV1');
    const iface = holding?.interfaces.get('Holding');
    expect(iface?.view).toMatchObject({
      tag: 'con',
      tycon: { packageId: holdingId, module: 'Splice.Api.Token.HoldingV1', name: 'HoldingView' },
    });
    expect(holding?.dataTypes.get('HoldingView')?.tag).toBe('record');
    const dummyId = sourcesMainPackageIds().get('splice-token-test-dummy-holding-0.0.3.dar') ?? '';
    const dummy = decoded.get(dummyId);
    const templates = [...(dummy?.modules.values() ?? [])].flatMap((m) => [
      ...m.templates.values(),
    ]);
    const implementing = templates.filter((t) =>
      t.implements.has(`${holdingId}:Splice.Api.Token.HoldingV1:Holding`),
    );
    expect(implementing.map((t) => t.name)).toContain('DummyHolding');
    expect(dummy?.directDependencies).toContain(holdingId);
  });

  it('reads package metadata and the LF version', () => {
    const amulet = decoded.get(sourcesMainPackageIds().get('splice-amulet-0.1.20.dar') ?? '');
    expect(amulet?.metadata).toMatchObject({ name: 'splice-amulet', version: '0.1.20' });
    expect(amulet?.languageVersion).toEqual({ major: 2, minor: '1' });
  });
});
