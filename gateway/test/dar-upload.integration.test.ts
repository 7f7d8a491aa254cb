import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackage, lfExprs as e, readDar, lfTypes as t } from '@pocketnet/daml-lf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CantonError, sharedDar, upload } from './dar-fixtures.ts';
import { ledgerEnd, send } from './ledger-calls.ts';
import { allocateParty, commands, createUser, json, wildcardFor } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { valuesOf } from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const listed = async (node: TestNode) =>
  (await json<{ packageIds: string[] }>(await node.call('/v2/packages'))).packageIds;

describe('uploading real DARs', () => {
  let node: TestNode;
  let dataDir: string;
  let holdingDar: Uint8Array;
  let dummyDar: Uint8Array;
  let holder = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-dars-'));
    node = await startTestNode({ dataDir, pages: false });
    holdingDar = await sharedDar('splice-api-token-holding-v1-1.0.0.dar');
    dummyDar = await sharedDar('splice-token-test-dummy-holding-0.0.3.dar');
  });
  afterAll(async () => {
    await node.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a DAR: its packages are listed by their real ids and served byte for byte', async () => {
    const answer = await upload(node, '/v2/dars?vetAllPackages=true', holdingDar);
    expect(answer).toEqual({ status: 200, body: {} });
    expectMatchesSpec({ spec: 'ledger', method: 'post', path: '/v2/dars', status: 200, body: {} });
    const dar = readDar(holdingDar);
    expect(await listed(node)).toEqual(
      expect.arrayContaining(dar.archives.map((a) => a.packageId)),
    );
    for (const archive of dar.archives.slice(0, 3)) {
      const download = await node.call(`/v2/packages/${archive.packageId}`);
      expect(download.headers.get('canton-package-hash')).toBe(archive.packageId);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(archive.archiveBytes);
      const status = await json(await node.call(`/v2/packages/${archive.packageId}/status`));
      expect(status).toEqual({ packageStatus: 'PACKAGE_STATUS_REGISTERED' });
    }
  });

  it('vets the uploaded packages and knows them by name', async () => {
    const holdingId = readDar(holdingDar).mainPackageId;
    const vetting = await json<{
      vettedPackages: Array<{ packages: Array<{ packageId: string }> }>;
    }>(await node.call('/v2/package-vetting/list', { body: {} }));
    const vettedIds = vetting.vettedPackages[0]?.packages.map((p) => p.packageId);
    expect(vettedIds).toContain(holdingId);
    expect(await upload(node, '/v2/dars', dummyDar)).toEqual({ status: 200, body: {} });
    const dummyId = readDar(dummyDar).mainPackageId;
    const preferred = await json<{
      packagePreference: { packageReference: { packageId: string } };
    }>(
      await node.call(
        '/v2/interactive-submission/preferred-package-version?package-name=splice-token-test-dummy-holding',
      ),
    );
    expect(preferred.packagePreference.packageReference).toEqual({
      packageId: dummyId,
      packageName: 'splice-token-test-dummy-holding',
      packageVersion: '0.0.3',
    });
  });

  it('runs an uploaded template: a DummyHolding is created with its arguments checked by its LF types', async () => {
    expect((await upload(node, '/v2/dars', dummyDar)).status).toBe(200);
    const owner = await allocateParty(node, 'holder');
    holder = owner;
    await createUser(node, 'holder-user', [owner]);
    const templateId =
      '#splice-token-test-dummy-holding:Splice.Api.Token.Test.DummyHolding:DummyHolding';
    const create = (createArguments: Record<string, unknown>) =>
      node.call('/v2/commands/submit-and-wait-for-transaction', {
        user: 'holder-user',
        body: {
          commands: commands([owner], [{ CreateCommand: { templateId, createArguments } }]),
        },
      });
    const created = await create({ owner, issuer: owner, amount: '10' });
    expect(created.status).toBe(200);
    const { transaction } = await json<{
      transaction: {
        events: Array<{ CreatedEvent: { createArgument: unknown; templateId: string } }>;
      };
    }>(created);
    const event = transaction.events[0]?.CreatedEvent;
    expect(event?.templateId).toBe(
      `${readDar(dummyDar).mainPackageId}:Splice.Api.Token.Test.DummyHolding:DummyHolding`,
    );
    expect(event?.createArgument).toEqual({ owner, issuer: owner, amount: '10.0000000000' });
    const refused = await create({ owner, issuer: owner, amount: '10', extra: 1 });
    expect(refused.status).toBe(400);
    const wrong = (await refused.json()) as CantonError;
    expect(wrong.code).toBe('INVALID_ARGUMENT');
    expect(wrong.cause).toContain('extra');
  });

  it('accepts a known DAR or DALF again without effect', async () => {
    const before = await listed(node);
    expect(await upload(node, '/v2/packages', holdingDar)).toEqual({ status: 200, body: {} });
    const mainDalf = readDar(holdingDar).archives[0]?.archiveBytes ?? new Uint8Array();
    expect(await upload(node, '/v2/packages', mainDalf)).toEqual({ status: 200, body: {} });
    expect(await listed(node)).toEqual(before);
  });

  it('validates without storing, and refuses with Canton’s errors, storing nothing', async () => {
    const before = await listed(node);
    const amulet = await sharedDar('splice-amulet-0.1.20.dar');
    expect(await upload(node, '/v2/dars/validate', amulet)).toEqual({ status: 200, body: null });
    const mainAlone = readDar(amulet).archives[0]?.archiveBytes ?? new Uint8Array();
    const missing = await upload(node, '/v2/dars', mainAlone);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('DAR_NOT_SELF_CONSISTENT');
    expect(missing.body.cause).toBe(
      'The set of packages in the dar is not self-consistent and is missing dependencies',
    );
    expect(missing.body.context.missingDependencies).toMatch(/^[0-9a-f]{64}(,[0-9a-f]{64})*$/);
    expect((await upload(node, '/v2/dars/validate', mainAlone)).body.code).toBe(
      'DAR_NOT_SELF_CONSISTENT',
    );
    const tampered = mainAlone.slice();
    const at = tampered.length - 100;
    tampered[at] = (tampered[at] ?? 0) ^ 1;
    expect((await upload(node, '/v2/packages', tampered)).body.code).toBe('DAR_PARSE_ERROR');
    const garbage = await upload(node, '/v2/dars', new Uint8Array([1, 2, 3, 4]));
    expect(garbage).toMatchObject({ status: 400, body: { code: 'INVALID_DAR' } });
    expect(await listed(node)).toEqual(before);
  });

  it('refuses a package the node cannot run at upload: DAR_VALIDATION_ERROR, nothing stored', async () => {
    // Well-formed, every reference resolves, but its template's type is a variant: the engine
    // cannot run it, so it is refused now rather than failing at its first command.
    const broken = buildPackage({
      name: 'unrunnable',
      version: '1.0.0',
      modules: {
        Main: {
          dataTypes: [
            {
              tag: 'variant',
              name: 'Broken',
              params: [],
              serializable: true,
              variants: [{ field: 'Owned', type: t.party }],
            },
          ],
          templates: [
            {
              name: 'Broken',
              param: 'this',
              precond: e.bool(true),
              signatories: e.list(t.party, []),
              observers: e.list(t.party, []),
              choices: new Map(),
              implements: new Map(),
            },
          ],
        },
      },
    });
    const before = await listed(node);
    for (const path of ['/v2/dars/validate', '/v2/packages']) {
      const refused = await upload(node, path, broken.archive);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('DAR_VALIDATION_ERROR');
      expect(refused.body.context.validationError).toBe(
        `package ${broken.pkg.packageId} (unrunnable v1.0.0) cannot be run: template Broken is not a record`,
      );
    }
    expect(await listed(node)).toEqual(before);
  });

  it('checks upgrades against the vetted versions: DAR_NOT_VALID_UPGRADE, nothing stored', async () => {
    const amulet19 = await sharedDar('splice-amulet-0.1.19.dar');
    expect((await upload(node, '/v2/dars', amulet19)).status).toBe(200);
    const before = await listed(node);
    const walletTest = await sharedDar('splice-wallet-test-0.1.8.dar');
    const refused = await upload(node, '/v2/dars', walletTest);
    expect(refused).toMatchObject({ status: 400, body: { code: 'DAR_NOT_VALID_UPGRADE' } });
    expect(refused.body.cause).toContain('(splice-amulet v0.1.8)');
    expect(await listed(node)).toEqual(before);
    // Uploaded without vetting, as Canton it is not checked against the vetted versions.
    const unvetted = await upload(node, '/v2/dars?vetAllPackages=false', walletTest);
    expect(unvetted).toEqual({ status: 200, body: {} });
    const amulet8 = 'ec9e2beaaa29b281af28d45d569314dc1a05e6754fab9ee020a9705c56fdfbdc';
    expect(await listed(node)).toContain(amulet8);
    const vetting = await json<{
      vettedPackages: Array<{ packages: Array<{ packageId: string }> }>;
    }>(await node.call('/v2/package-vetting/list', { body: {} }));
    expect(vetting.vettedPackages[0]?.packages.map((p) => p.packageId)).not.toContain(amulet8);
  });

  it('lets only a participant admin upload', async () => {
    await createUser(node, 'alice-user', [await allocateParty(node, 'alice')]);
    const before = await listed(node);
    const refused = await upload(
      node,
      '/v2/dars',
      await sharedDar('splice-util-0.1.6.dar'),
      'alice-user',
    );
    // Canton redacts a permission error: 403 with code NA.
    expect(refused).toMatchObject({ status: 403, body: { code: 'NA' } });
    expect(await listed(node)).toEqual(before);
  });

  it('keeps uploaded packages across a restart, byte for byte', async () => {
    const before = await listed(node);
    const mainId = readDar(dummyDar).mainPackageId;
    await node.close();
    node = await startTestNode({ dataDir, pages: false });
    expect((await listed(node)).sort()).toEqual([...before].sort());
    // The DummyHolding created before the restart is active, its template loaded on demand.
    const acs = await send(node, {
      method: 'post',
      path: '/v2/state/active-contracts',
      user: 'holder-user',
      body: { activeAtOffset: await ledgerEnd(node), eventFormat: wildcardFor(holder) },
    });
    expect(valuesOf(acs.body, 'amount')).toEqual(['10.0000000000']);
    const download = await node.call(`/v2/packages/${mainId}`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(
      readDar(dummyDar).archives[0]?.archiveBytes,
    );
  });
});
