import { DomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  asUploadError,
  buildDar,
  buildPackage,
  type DefTemplate,
  lfExprs as e,
  encodeDalf,
  lfName,
  readArchive,
  readDar,
  lfTypes as t,
  validateUpload,
} from '../src/index.ts';
import { nothingKnown } from './known-packages.ts';

const token = lfName('Test.Token', 'Token');
const tokenTemplate: DefTemplate = {
  name: 'Token',
  param: 'this',
  precond: e.bool(true),
  signatories: e.list(t.party, [e.field(token, 'owner', e.variable('this'))]),
  observers: e.list(t.party, []),
  choices: new Map([
    [
      'Burn',
      {
        name: 'Burn',
        consuming: true,
        controllers: e.list(t.party, [e.field(token, 'owner', e.variable('this'))]),
        selfBinder: 'self',
        argBinder: { name: 'arg', type: t.unit },
        returnType: t.unit,
        update: e.pure(t.unit, e.unit),
      },
    ],
  ]),
  implements: new Map(),
};

const tokenPackage = (extra: { withType?: boolean } = {}) =>
  buildPackage({
    name: 'test-token',
    version: '1.0.0',
    modules: {
      'Test.Token': {
        dataTypes:
          extra.withType === false
            ? []
            : [
                {
                  tag: 'record',
                  name: 'Token',
                  params: [],
                  serializable: true,
                  fields: [
                    { field: 'owner', type: t.party },
                    { field: 'amount', type: t.numeric(10) },
                  ],
                },
              ],
        templates: [tokenTemplate],
      },
    },
  });

describe('hand-built packages', () => {
  it('encode to a DALF whose id is its payload hash, decoded with that id for `self`', () => {
    const { pkg, archive } = tokenPackage();
    expect(pkg.packageId).toMatch(/^[0-9a-f]{64}$/);
    expect(readDar(buildDar([{ pkg, archive }])).mainPackageId).toBe(pkg.packageId);
    const template = pkg.modules.get('Test.Token')?.templates.get('Token');
    expect(template?.signatories).toMatchObject({
      tag: 'cons',
      front: [{ tag: 'recProj', tycon: { tycon: { packageId: pkg.packageId, name: 'Token' } } }],
    });
    expect(pkg.directDependencies).toEqual([]);
  });

  it('make DARs of several packages (manifest lines continued) that validate', () => {
    const base = tokenPackage();
    const user = buildPackage({
      name: 'test-user',
      version: '1.0.0',
      modules: {
        Main: {
          values: [
            {
              name: 'tokenOwner',
              type: t.arrow(t.con(lfName('Test.Token', 'Token', base.pkg.packageId)), t.party),
              expr: e.lambda(
                [['token', t.con(lfName('Test.Token', 'Token', base.pkg.packageId))]],
                e.field(
                  lfName('Test.Token', 'Token', base.pkg.packageId),
                  'owner',
                  e.variable('token'),
                ),
              ),
            },
          ],
        },
      },
    });
    expect(user.pkg.directDependencies).toEqual([base.pkg.packageId]);
    const dar = readDar(buildDar([user, base]));
    expect(dar.manifest.dalfs).toHaveLength(2);
    expect(dar.manifest.mainDalf.length).toBeGreaterThan(72);
    expect(validateUpload(dar.archives, nothingKnown).map((u) => u.pkg.packageId)).toEqual([
      user.pkg.packageId,
      base.pkg.packageId,
    ]);
    const alone = readDar(buildDar([user]));
    expect(() => validateUpload(alone.archives, nothingKnown)).toThrow(
      expect.objectContaining({ code: 'DAR_NOT_SELF_CONSISTENT' }),
    );
  });

  it('refuse a template whose type does not exist: DAR_VALIDATION_ERROR', () => {
    const broken = tokenPackage({ withType: false });
    // Twice, as two nodes of one process would: a refusal is not remembered as a check passed.
    for (const _node of ['first', 'second']) {
      try {
        validateUpload(readDar(buildDar([broken])).archives, nothingKnown);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('DAR_VALIDATION_ERROR');
        expect((error as DomainError).message).toBe('Package validation failed.');
        expect((error as DomainError).details.validationError).toContain(
          ':Test.Token:Token, which does not exist',
        );
      }
    }
  });

  it('refuse a Daml-LF version other than 2.1: ALLOWED_LANGUAGE_VERSIONS', () => {
    const { pkg } = tokenPackage();
    const dev = encodeDalf({ ...pkg, languageVersion: { major: 2, minor: 'dev' } });
    const refused = (() => {
      try {
        asUploadError(() => readArchive(dev.archive));
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('accepted');
    })();
    expect(refused.code).toBe('ALLOWED_LANGUAGE_VERSIONS');
    expect(refused.message).toBe(
      `package ${dev.packageId} is Daml-LF 2.dev; this node runs LF 2.1`,
    );
  });
});
