import { DomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  createPackageCache,
  danglingReference,
  type KnownPackages,
  type Package,
  readDar,
  validateUpload,
} from '../src/index.ts';
import { knowing, nothingKnown } from './known-packages.ts';
import { readSharedDar, sharedDarNames, sharedPackages } from './shared-dars.ts';

function rejection(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('validating an upload', () => {
  const holdingDar = readDar(readSharedDar('splice-api-token-holding-v1-1.0.0.dar'));

  it('accepts a whole DAR and returns its packages, then only what is new', () => {
    const all = validateUpload(holdingDar.archives, nothingKnown);
    expect(all.map((u) => u.pkg.packageId).sort()).toEqual(
      [...new Set(holdingDar.archives.map((a) => a.packageId))].sort(),
    );
    const again = validateUpload(holdingDar.archives, knowing(all.map((u) => u.pkg)));
    expect(again).toEqual([]);
  });

  it('refuses a main package without its dependencies: DAR_NOT_SELF_CONSISTENT naming them', () => {
    const main = holdingDar.archives.slice(0, 1);
    const error = rejection(() => validateUpload(main, nothingKnown));
    expect(error.code).toBe('DAR_NOT_SELF_CONSISTENT');
    const pkg = sharedPackages().get(holdingDar.mainPackageId) as Package;
    expect(error.details.missingDependencies?.split(',')).toEqual(pkg.directDependencies);
  });

  it('accepts the main package alone when its dependencies are already known', () => {
    const dependencies = holdingDar.archives
      .slice(1)
      .map((a) => sharedPackages().get(a.packageId) as Package);
    const uploaded = validateUpload(holdingDar.archives.slice(0, 1), knowing(dependencies));
    expect(uploaded.map((u) => u.pkg.packageId)).toEqual([holdingDar.mainPackageId]);
  });

  it('refuses a different package with a known name and version: KNOWN_DAR_VERSION', () => {
    const amulet19 = readDar(readSharedDar('splice-amulet-0.1.19.dar'));
    const known = [...sharedPackages().values()].filter(
      (p) => p.packageId !== amulet19.mainPackageId,
    );
    const impostor = { ...(sharedPackages().get(amulet19.mainPackageId) as Package) };
    const named: KnownPackages = {
      ...knowing(known),
      withNameAndVersion: (name, version) =>
        name === impostor.metadata.name && version === '0.1.19' ? 'f'.repeat(64) : undefined,
    };
    expect(rejection(() => validateUpload(amulet19.archives, named)).code).toBe(
      'KNOWN_DAR_VERSION',
    );
  });

  it('finds a reference to a definition that does not exist: DAR_VALIDATION_ERROR', () => {
    const pkg = sharedPackages().get(holdingDar.mainPackageId) as Package;
    const source = (id: string) => sharedPackages().get(id);
    expect(danglingReference(pkg, source)).toBeUndefined();
    const module = pkg.modules.get('Splice.Api.Token.HoldingV1');
    if (!module) throw new Error('no module');
    const withoutView = new Map(module.dataTypes);
    withoutView.delete('HoldingView');
    const broken: Package = {
      ...pkg,
      modules: new Map([...pkg.modules, [module.name, { ...module, dataTypes: withoutView }]]),
    };
    expect(danglingReference(broken, source)).toMatch(
      /refers to dataType 718a0f77.*:Splice.Api.Token.HoldingV1:HoldingView, which does not exist/,
    );
  });

  it('finds every reference of every shared package resolvable', () => {
    const source = (id: string) => sharedPackages().get(id);
    for (const pkg of sharedPackages().values())
      expect(danglingReference(pkg, source)).toBeUndefined();
  });

  it('accepts every shared DAR in turn, each adding only what the ones before lacked', () => {
    const known: Package[] = [];
    for (const name of sharedDarNames()) {
      const archives = readDar(readSharedDar(name)).archives;
      // splice-wallet-test bundles a pre-release splice-amulet 0.1.8, which 0.1.19 does not upgrade.
      const checkUpgrades = name !== 'splice-wallet-test-0.1.8.dar';
      const fresh = validateUpload(archives, knowing(known), { checkUpgrades });
      known.push(...fresh.map((u) => u.pkg));
    }
    expect(known).toHaveLength(sharedPackages().size);
  });

  it('checks upgrades: amulet 0.1.20 upgrades 0.1.19, the test DAR’s 0.1.8 is no version of it', () => {
    const amulet19 = sharedPackages().get(
      readDar(readSharedDar('splice-amulet-0.1.19.dar')).mainPackageId,
    ) as Package;
    const others = [...sharedPackages().values()].filter(
      (p) => p.metadata.name !== 'splice-amulet',
    );
    const known = knowing([...others, amulet19]);
    const amulet20 = readDar(readSharedDar('splice-amulet-0.1.20.dar')).archives;
    expect(validateUpload(amulet20, known).map((u) => u.pkg.metadata.version)).toEqual(['0.1.20']);
    const walletTest = readDar(readSharedDar('splice-wallet-test-0.1.8.dar')).archives;
    const refused = rejection(() => validateUpload(walletTest, known));
    expect(refused.code).toBe('DAR_NOT_VALID_UPGRADE');
    expect(refused.message).toMatch(
      /^Upgrade checks indicate that existing package 90987abe\S+ \(splice-amulet v0\.1\.19\) cannot be an upgrade of new package ec9e2bea\S+ \(splice-amulet v0\.1\.8\)\. Reason: /,
    );
  });

  it('refuses bytes that are no DAR (INVALID_DAR) and a DALF with a wrong hash (DAR_PARSE_ERROR)', async () => {
    const { asUploadError } = await import('../src/index.ts');
    expect(rejection(() => asUploadError(() => readDar(new Uint8Array([1, 2, 3])))).code).toBe(
      'INVALID_DAR',
    );
    const archive = holdingDar.archives[0]?.archiveBytes as Uint8Array;
    const tampered = archive.slice();
    const at = tampered.length - 70;
    tampered[at] = (tampered[at] ?? 0) ^ 1;
    const { readArchive } = await import('../src/index.ts');
    const error = rejection(() => asUploadError(() => readArchive(tampered)));
    expect(error.code).toBe('DAR_PARSE_ERROR');
  });
});

// Each validateUpload below stands for another node of the process uploading the same DAR with
// the process's cache: the decoded and checked packages are shared by id, what the node knows is
// checked each time.

describe('a package cache shared by the nodes of a process', () => {
  const holdingDar = readDar(readSharedDar('splice-api-token-holding-v1-1.0.0.dar'));

  it('decodes a package once per cache: a second upload gets the same decoded package', () => {
    const cache = createPackageCache();
    const first = validateUpload(holdingDar.archives, nothingKnown, { cache });
    const second = validateUpload(holdingDar.archives, nothingKnown, { cache });
    expect(second.map((u) => u.pkg.packageId)).toEqual(first.map((u) => u.pkg.packageId));
    for (const [at, uploaded] of second.entries()) expect(uploaded.pkg).toBe(first[at]?.pkg);
    const main = holdingDar.archives[0];
    if (!main) throw new Error('an empty DAR');
    expect(cache.decodeDalf(main.archiveBytes)).toBe(first[0]?.pkg);
    expect(holdingDar.archives.every(({ packageId }) => cache.wasChecked(packageId))).toBe(true);
  });

  it('shares nothing between two caches, nor with an upload given none', () => {
    const [main] = holdingDar.archives;
    if (!main) throw new Error('an empty DAR');
    const cache = createPackageCache();
    const cached = validateUpload(holdingDar.archives, nothingKnown, { cache });
    const uncached = validateUpload(holdingDar.archives, nothingKnown);
    expect(uncached[0]?.pkg).not.toBe(cached[0]?.pkg);
    const other = createPackageCache();
    expect(other.wasChecked(main.packageId)).toBe(false);
    expect(other.decodeDalf(main.archiveBytes)).not.toBe(cached[0]?.pkg);
  });

  it('forgets the oldest packages past its cap', () => {
    const cache = createPackageCache({ keptPackages: 1 });
    const [first, second] = holdingDar.archives;
    if (!first || !second) throw new Error('the DAR has a dependency');
    const decoded = cache.decodeDalf(first.archiveBytes);
    expect(cache.decodeDalf(first.archiveBytes)).toBe(decoded);
    cache.decodeDalf(second.archiveBytes);
    expect(cache.decodeDalf(first.archiveBytes)).not.toBe(decoded);
    cache.markChecked([first.packageId, second.packageId]);
    expect([cache.wasChecked(first.packageId), cache.wasChecked(second.packageId)]).toEqual([
      false,
      true,
    ]);
  });

  it('still refuses a checked package without its dependencies: DAR_NOT_SELF_CONSISTENT', () => {
    const cache = createPackageCache();
    validateUpload(holdingDar.archives, nothingKnown, { cache });
    expect(
      rejection(() => validateUpload(holdingDar.archives.slice(0, 1), nothingKnown, { cache }))
        .code,
    ).toBe('DAR_NOT_SELF_CONSISTENT');
  });

  it('still checks a checked package’s upgrades against what this node vets', () => {
    const cache = createPackageCache();
    const walletTest = readDar(readSharedDar('splice-wallet-test-0.1.8.dar')).archives;
    // Alone, the test DAR's pre-release splice-amulet 0.1.8 is well formed and erases.
    expect(validateUpload(walletTest, nothingKnown, { cache }).length).toBeGreaterThan(0);
    const amulet19 = sharedPackages().get(
      readDar(readSharedDar('splice-amulet-0.1.19.dar')).mainPackageId,
    ) as Package;
    const others = [...sharedPackages().values()].filter(
      (p) => p.metadata.name !== 'splice-amulet',
    );
    expect(
      rejection(() => validateUpload(walletTest, knowing([...others, amulet19]), { cache })).code,
    ).toBe('DAR_NOT_VALID_UPGRADE');
  });
});
