import { DomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  buildDar,
  buildPackage,
  type DefInterface,
  type DefTemplate,
  lfExprs as e,
  lfName,
  type Package,
  readDar,
  lfTypes as t,
  validateUpload,
} from '../src/index.ts';
import { knowing, nothingKnown } from './known-packages.ts';

// Canton's upgrade rule for interface instances: an upgraded template keeps every interface
// instance of the version it upgrades (it may add new ones). Hand-built packages: `ifaces`
// declares interfaces I and J (view: a record with the owner), `assets` 1.0.0 has template
// T implementing I, and later versions drop it or add J.
const view = lfName('Dep', 'View');
const ifaces = buildPackage({
  name: 'ifaces',
  version: '1.0.0',
  modules: {
    Dep: {
      dataTypes: [
        {
          tag: 'record',
          name: 'View',
          params: [],
          serializable: true,
          fields: [{ field: 'owner', type: t.party }],
        },
      ],
      interfaces: ['I', 'J'].map(
        (name): DefInterface => ({
          name,
          param: 'this',
          methods: new Map(),
          choices: new Map(),
          view: t.con(view),
          requires: [],
        }),
      ),
    },
  },
});

function assets(version: string, instances: readonly ('I' | 'J')[]) {
  const self = lfName('Main', 'T');
  const owner = e.field(self, 'owner', e.variable('this'));
  const template: DefTemplate = {
    name: 'T',
    param: 'this',
    precond: e.bool(true),
    signatories: e.list(t.party, [owner]),
    observers: e.list(t.party, []),
    choices: new Map(),
    implements: new Map(
      instances.map((name) => {
        const iface = lfName('Dep', name, ifaces.pkg.packageId);
        return [
          `${iface.packageId}:Dep:${name}`,
          {
            interface: iface,
            methods: new Map(),
            view: e.record(lfName('Dep', 'View', ifaces.pkg.packageId), { owner }),
          },
        ];
      }),
    ),
  };
  return buildPackage({
    name: 'assets',
    version,
    modules: {
      Main: {
        dataTypes: [
          {
            tag: 'record',
            name: 'T',
            params: [],
            serializable: true,
            fields: [{ field: 'owner', type: t.party }],
          },
        ],
        templates: [template],
      },
    },
  });
}

const archivesOf = (...built: ReturnType<typeof buildPackage>[]) =>
  readDar(buildDar(built)).archives;

describe('upgrade checks of interface instances', () => {
  const v1 = assets('1.0.0', ['I']);
  const known = (...packages: Package[]) => knowing([ifaces.pkg, v1.pkg, ...packages]);

  it('accepts the first version with its instance', () => {
    const fresh = validateUpload(archivesOf(v1, ifaces), nothingKnown);
    expect(fresh.map((u) => u.pkg.metadata.name).sort()).toEqual(['assets', 'ifaces']);
  });

  it('refuses a version that drops an instance: DAR_NOT_VALID_UPGRADE naming it', () => {
    const dropped = assets('2.0.0', ['J']);
    let refused: unknown;
    try {
      validateUpload(archivesOf(dropped, ifaces), known());
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    const error = refused as DomainError;
    expect(error.code).toBe('DAR_NOT_VALID_UPGRADE');
    expect(error.details.upgradeError).toBe(
      `Main: Implementation of interface ${ifaces.pkg.packageId}:Dep:I by template T appears in package that is being upgraded, but does not appear in this package.`,
    );
    // Uploaded below an existing version that has the instance, the older one is checked too.
    const v3 = assets('3.0.0', ['I', 'J']);
    const below = assets('0.9.0', ['I', 'J']);
    expect(() => validateUpload(archivesOf(below, ifaces), known(v3.pkg))).toThrow(
      /existing package \S+ \(assets v1\.0\.0\) cannot be an upgrade of new package \S+ \(assets v0\.9\.0\).*Implementation of interface \S+:Dep:J by template T/,
    );
  });

  it('accepts a version that keeps its instances and adds one', () => {
    const added = assets('2.0.0', ['I', 'J']);
    const fresh = validateUpload(archivesOf(added, ifaces), known());
    expect(fresh.map((u) => u.pkg.metadata.version)).toEqual(['2.0.0']);
  });
});
