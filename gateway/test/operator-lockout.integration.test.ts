import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, expectRedactedDenial, send } from './ledger-calls.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const idpAdmin = 'lockout-idp-admin';
const right = (kind: string) => ({ kind: { [kind]: { value: {} } } });
const mask = (...paths: string[]) => ({ paths, unknownFields: { fields: {} } });

let dataDir: string;
let node: TestNode;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-lockout-'));
  node = await startTestNode({ dataDir });
  const created = await send(node, {
    method: 'post',
    path: '/v2/users',
    body: { user: { id: idpAdmin }, rights: [right('IdentityProviderAdmin')] },
  });
  expect(created.status, created.text).toBe(200);
});
afterAll(async () => {
  await node.close();
  await rm(dataDir, { recursive: true, force: true });
});

const createAdmin = async (id: string) => {
  const created = await send(node, {
    method: 'post',
    path: '/v2/users',
    body: { user: { id }, rights: [right('ParticipantAdmin')] },
  });
  expect(created.status, created.text).toBe(200);
};
const deactivate = (userId: string, user?: string): Promise<Answer> =>
  send(node, {
    method: 'patch',
    path: `/v2/users/${userId}`,
    body: { user: { id: userId, isDeactivated: true }, updateMask: mask('is_deactivated') },
    ...(user === undefined ? {} : { user }),
  });
const remove = (userId: string, user?: string): Promise<Answer> =>
  send(node, {
    method: 'delete',
    path: `/v2/users/${userId}`,
    ...(user === undefined ? {} : { user }),
  });
const revokeAdmin = (userId: string, user?: string): Promise<Answer> =>
  send(node, {
    method: 'patch',
    path: `/v2/users/${userId}/rights`,
    body: { userId, rights: [right('ParticipantAdmin')] },
    ...(user === undefined ? {} : { user }),
  });

async function expectActiveAdmin(userId: string, user = 'participant_admin') {
  const answer = await send(node, { method: 'get', path: `/v2/users/${userId}`, user });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toMatchObject({ user: { id: userId, isDeactivated: false } });
  const rights = await send(node, { method: 'get', path: `/v2/users/${userId}/rights`, user });
  expect(rights.body).toEqual({ rights: [right('ParticipantAdmin')] });
}

const expectLastAdminRefusal = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toMatchObject({
    code: 'INVALID_ARGUMENT',
    cause: expect.stringMatching(/without an active user holding ParticipantAdmin/),
  });
};

describe('an identity provider admin and the participant administrator', () => {
  it('refuses deactivating, deleting, revoking from or editing participant_admin', async () => {
    expectRedactedDenial(await deactivate('participant_admin', idpAdmin));
    expectRedactedDenial(await remove('participant_admin', idpAdmin));
    expectRedactedDenial(await revokeAdmin('participant_admin', idpAdmin));
    const edit = await send(node, {
      method: 'patch',
      path: '/v2/users/participant_admin',
      body: {
        user: { id: 'participant_admin', metadata: { annotations: { owner: 'idp' } } },
        updateMask: mask('metadata.annotations'),
      },
      user: idpAdmin,
    });
    expectRedactedDenial(edit);
    const grant = await send(node, {
      method: 'post',
      path: '/v2/users/participant_admin/rights',
      body: { userId: 'participant_admin', rights: [right('IdentityProviderAdmin')] },
      user: idpAdmin,
    });
    expectRedactedDenial(grant);
    await expectActiveAdmin('participant_admin');
  });

  it('refuses the same for any other holder of ParticipantAdmin', async () => {
    await createAdmin('lockout-second-admin');
    expectRedactedDenial(await deactivate('lockout-second-admin', idpAdmin));
    expectRedactedDenial(await remove('lockout-second-admin', idpAdmin));
    await expectActiveAdmin('lockout-second-admin');
  });

  it('still lets it manage the ordinary users of its identity provider', async () => {
    const created = await send(node, {
      method: 'post',
      path: '/v2/users',
      body: { user: { id: 'lockout-ordinary' } },
      user: idpAdmin,
    });
    expect(created.status, created.text).toBe(200);
    expect((await deactivate('lockout-ordinary', idpAdmin)).status).toBe(200);
    expect((await remove('lockout-ordinary', idpAdmin)).status).toBe(200);
  });
});

describe('the last active participant admin', () => {
  // Deactivating it is refused too (packages/ledger users.test.ts): over HTTP only the last
  // admin itself could ask, and Canton already refuses a self-deactivation.
  it('is not removed or stripped of ParticipantAdmin, also after a restart', async () => {
    // The other admin of the previous block goes first: then participant_admin is the last.
    expect((await remove('lockout-second-admin')).status).toBe(200);
    await createAdmin('lockout-deputy');
    expect((await deactivate('lockout-deputy')).status).toBe(200);
    expectLastAdminRefusal(await remove('participant_admin', 'participant_admin'));
    expectLastAdminRefusal(await revokeAdmin('participant_admin', 'participant_admin'));
    await node.close();
    node = await startTestNode({ dataDir });
    await expectActiveAdmin('participant_admin');
  });

  it('may go once another active participant admin holds the right', async () => {
    const reactivated = await send(node, {
      method: 'patch',
      path: '/v2/users/lockout-deputy',
      body: {
        user: { id: 'lockout-deputy', isDeactivated: false },
        updateMask: mask('is_deactivated'),
      },
    });
    expect(reactivated.status, reactivated.text).toBe(200);
    expect((await remove('participant_admin', 'lockout-deputy')).status).toBe(200);
    expectLastAdminRefusal(await revokeAdmin('lockout-deputy', 'lockout-deputy'));
    await expectActiveAdmin('lockout-deputy', 'lockout-deputy');
  });
});
