import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateParty, commands, createIou, createUser, json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

type Vetted = {
  packages: Array<{ packageId: string; packageName: string }>;
  topologySerial: number;
};

describe('packages: listing, downloading, vetting and refused uploads', () => {
  let node: TestNode;
  let alice: string;
  let examplesId: string;

  beforeAll(async () => {
    node = await startTestNode();
    alice = await allocateParty(node, 'alice');
    await createUser(node, 'alice-user', [alice]);
  });
  afterAll(() => node.close());

  const vetted = async () => {
    const body = await json<{ vettedPackages: Vetted[] }>(
      await node.call('/v2/package-vetting/list', { body: {} }),
    );
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/package-vetting/list',
      status: 200,
      body,
    });
    return body.vettedPackages[0] as Vetted;
  };
  const createAnIou = () =>
    node.call('/v2/commands/submit-and-wait', {
      user: 'alice-user',
      body: commands([alice], [createIou(alice, alice, '1')]),
    });

  it('lists the loaded packages and serves their bytes by id', async () => {
    const body = await json<{ packageIds: string[] }>(await node.call('/v2/packages'));
    expectMatchesSpec({ spec: 'ledger', method: 'get', path: '/v2/packages', status: 200, body });
    const examples = (await vetted()).packages.find((p) => p.packageName === 'pocketnet-examples');
    examplesId = examples?.packageId ?? '';
    expect(body.packageIds).toContain(examplesId);
    const download = await node.call(`/v2/packages/${examplesId}`);
    expect(download.headers.get('content-type')).toContain('application/octet-stream');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    const missing = await node.call(`/v2/packages/${'0'.repeat(64)}`);
    expect(missing.status).toBe(404);
    const status = await json(await node.call(`/v2/packages/${examplesId}/status`));
    expect(status).toEqual({ packageStatus: 'PACKAGE_STATUS_REGISTERED' });
  });

  it('refuses bytes that are no DAR as Canton does: INVALID_DAR, "Dar file is corrupt"', async () => {
    const response = await fetch(`${node.url}/v2/dars`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await node.token('participant_admin')}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; cause: string };
    expectMatchesSpec({ spec: 'ledger', method: 'post', path: '/v2/dars', status: 400, body });
    expect(body.code).toBe('INVALID_DAR');
    expect(body.cause).toMatch(/^Dar file is corrupt/);
  });

  it('refuses bytes that are no DAR on every upload route as Canton does, changing nothing', async () => {
    const before = await json<{ packageIds: string[] }>(await node.call('/v2/packages'));
    const token = await node.token('participant_admin');
    const notADar = [new TextEncoder().encode('non-existent dar'), new Uint8Array([1, 2, 3, 4, 5])];
    for (const path of ['/v2/dars', '/v2/dars/validate', '/v2/packages']) {
      for (const bytes of notADar) {
        const response = await fetch(`${node.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: bytes,
        });
        const body = (await response.json()) as { code: string; cause: string };
        expect([path, response.status, body.code, body.cause]).toEqual([
          path,
          400,
          'INVALID_DAR',
          'Dar file is corrupt',
        ]);
        expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 400, body });
      }
    }
    expect(await json(await node.call('/v2/packages'))).toEqual(before);
  });

  it('unvets a package so commands using it are refused, and vets it again', async () => {
    const before = await vetted();
    const unvet = await node.call('/v2/package-vetting/update', {
      body: {
        changes: [
          {
            operation: { Unvet: { value: { packages: [{ packageName: 'pocketnet-examples' }] } } },
          },
        ],
      },
    });
    const result = await json(unvet);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/package-vetting/update',
      status: 200,
      body: result,
    });
    const after = await vetted();
    expect(after.packages.map((p) => p.packageId)).not.toContain(examplesId);
    expect(after.topologySerial).toBe(before.topologySerial + 1);

    const refused = await createAnIou();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'NO_SYNCHRONIZER_FOR_SUBMISSION' });

    await json(
      await node.call('/v2/package-vetting', {
        body: {
          changes: [{ operation: { Vet: { value: { packages: [{ packageId: examplesId }] } } } }],
        },
      }),
    );
    expect((await createAnIou()).status).toBe(200);
  });

  it('answers a dry run without changing the vetting state', async () => {
    const before = await vetted();
    const body = await json<{ newVettedPackages: Vetted }>(
      await node.call('/v2/package-vetting/update', {
        body: {
          dryRun: true,
          changes: [{ operation: { Unvet: { value: { packages: [{ packageId: examplesId }] } } } }],
        },
      }),
    );
    expect(body.newVettedPackages.packages.map((p) => p.packageId)).not.toContain(examplesId);
    expect(await vetted()).toEqual(before);
  });

  it('prefers the highest version of a package name', async () => {
    const body = await json(
      await node.call(
        `/v2/interactive-submission/preferred-package-version?package-name=pocketnet-examples&parties=${encodeURIComponent(alice)}`,
      ),
    );
    expectMatchesSpec({
      spec: 'ledger',
      method: 'get',
      path: '/v2/interactive-submission/preferred-package-version',
      status: 200,
      body,
    });
    expect(body).toMatchObject({
      packagePreference: { packageReference: { packageId: examplesId, packageVersion: '1.0.0' } },
    });
  });
});
