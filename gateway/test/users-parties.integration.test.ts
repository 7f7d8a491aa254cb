import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  type Exchange,
  expectCantonError,
  expectRedactedDenial,
  ledgerEnd,
  send,
} from './ledger-calls.ts';
import { createIdentityProvider } from './ledger-operation-fixture.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { valuesOf } from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

let node: TestNode;

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(() => node.close());

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

const mask = (...paths: string[]) => ({ paths, unknownFields: { fields: {} } });
const enc = encodeURIComponent;
const right = (kind: string, party?: string) => ({
  kind: { [kind]: { value: party === undefined ? {} : { party } } },
});

/** Sends as participant_admin and checks the answer against the spec's path template. */
async function call(template: string, exchange: Exchange): Promise<Answer> {
  const answer = await send(node, exchange);
  expectMatchesSpec({
    spec: 'ledger',
    method: exchange.method,
    path: template,
    status: answer.status,
    body:
      answer.status === 400 && answer.contentType.includes('text/plain')
        ? answer.text
        : answer.body,
  });
  return answer;
}

const allocate = (body: unknown) =>
  call('/v2/parties', { method: 'post', path: '/v2/parties', body });

async function allocated(hint: string, annotations: Record<string, string> = {}): Promise<string> {
  const answer = await allocate({ partyIdHint: hint, localMetadata: { annotations } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { partyDetails: { party: string } }).partyDetails.party;
}

const partyDetails = async (party: string) => {
  const answer = await call('/v2/parties/{party}', {
    method: 'get',
    path: `/v2/parties/${enc(party)}`,
  });
  const [details] = (
    answer.body as {
      partyDetails: Array<{
        localMetadata: { resourceVersion: string; annotations: Record<string, string> };
      }>;
    }
  ).partyDetails;
  if (!details) throw new Error(`${party} is unknown`);
  return details;
};

const patchParty = (party: string, localMetadata: unknown, path = `/v2/parties/${enc(party)}`) =>
  call('/v2/parties/{party}', {
    method: 'patch',
    path,
    body: {
      partyDetails: { party, localMetadata },
      updateMask: mask('local_metadata.annotations'),
    },
  });

const expectInvalid = (answer: Answer, code = 'INVALID_ARGUMENT') => {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body).toHaveProperty('code', code);
};

describe('party allocation', () => {
  it('allocates a party under its hint in the participant’s namespace, local and hosted', async () => {
    const before = await ledgerEnd(node);
    const answer = await allocate({ partyIdHint: 'hinted' });
    expect(answer.body).toEqual({
      partyDetails: {
        party: expect.stringMatching(/^hinted::1220[0-9a-f]{64}$/),
        isLocal: true,
        localMetadata: { resourceVersion: '0', annotations: {} },
        identityProviderId: '',
      },
    });
    expect(await ledgerEnd(node)).toBe(before + 1);
  });

  it('makes up a party-<uuid> id when no hint is given', async () => {
    const answer = await allocate({});
    expect(answer.body).toHaveProperty(
      'partyDetails.party',
      expect.stringMatching(
        /^party-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}::1220/,
      ),
    );
  });

  it('refuses a hint that is taken, malformed, or holds the :: delimiter, and allocates nothing', async () => {
    await allocated('taken');
    const before = await ledgerEnd(node);
    const again = await allocate({ partyIdHint: 'taken' });
    expectInvalid(again);
    expect(again.body).toHaveProperty('cause', expect.stringContaining('Party already exists'));
    expectInvalid(await allocate({ partyIdHint: 'not/allowed' }));
    expectInvalid(await allocate({ partyIdHint: 'a::b' }));
    expectInvalid(await allocate({ partyIdHint: 'x'.repeat(186) }));
    expect(await ledgerEnd(node)).toBe(before);
  });

  it('stores the local metadata’s annotations, sorted by key', async () => {
    const party = await allocated('annotated', { 'z-last': '1', 'example.com/first': '2' });
    const details = await partyDetails(party);
    expect(details.localMetadata).toEqual({
      resourceVersion: '0',
      annotations: { 'example.com/first': '2', 'z-last': '1' },
    });
  });

  it('refuses a resource version on allocation, which only the server assigns', async () => {
    const answer = await allocate({
      partyIdHint: unique('versioned'),
      localMetadata: { resourceVersion: '3', annotations: {} },
    });
    expectInvalid(answer);
  });

  it('grants CanActAs on the new party to the user it names', async () => {
    const userId = unique('owner');
    await call('/v2/users', { method: 'post', path: '/v2/users', body: { user: { id: userId } } });
    const answer = await allocate({ partyIdHint: unique('owned'), userId });
    const { party } = (answer.body as { partyDetails: { party: string } }).partyDetails;
    const rights = await call('/v2/users/{user-id}/rights', {
      method: 'get',
      path: `/v2/users/${userId}/rights`,
    });
    expect(rights.body).toEqual({ rights: [right('CanActAs', party)] });
  });

  it('allocates nothing for a user that does not exist', async () => {
    const before = await ledgerEnd(node);
    const hint = unique('orphan');
    const answer = await allocate({ partyIdHint: hint, userId: 'no-such-user' });
    expectCantonError(answer, {
      status: 404,
      code: 'USER_NOT_FOUND',
      method: 'post',
      path: '/v2/parties',
    });
    expect(await ledgerEnd(node)).toBe(before);
    const listed = await call('/v2/parties', {
      method: 'get',
      path: `/v2/parties?filter-party=${hint}`,
    });
    expect(listed.body).toHaveProperty('partyDetails', []);
  });
});

describe('annotation rules', () => {
  const bad: Array<[string, Record<string, string>]> = [
    ['a key with two slashes', { 'a/b/c': 'v' }],
    ['a key name over 63 characters', { [`example.com/${'n'.repeat(64)}`]: 'v' }],
    ['a key prefix over 253 characters', { [`${'p'.repeat(254)}/name`]: 'v' }],
    ['a key prefix that is no DNS subdomain', { '-bad-.example/name': 'v' }],
    ['a key name starting with a dot', { '.hidden': 'v' }],
    ['an empty key', { '': 'v' }],
    ['an empty value on allocation', { key: '' }],
  ];

  it.each(bad)('refuses %s', async (_name, annotations) => {
    const answer = await allocate({
      partyIdHint: unique('bad-annotation'),
      localMetadata: { annotations },
    });
    expectInvalid(answer);
  });

  it('accepts keys at the limits: a 253-character prefix and a 63-character name', async () => {
    const prefix = `${'a'.repeat(61)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}`;
    expect(prefix).toHaveLength(253);
    const key = `${prefix}/${'n'.repeat(63)}`;
    const party = await allocated(unique('long-keys'), { [key]: 'v', 'under_score.dot-dash': 'w' });
    expect((await partyDetails(party)).localMetadata.annotations[key]).toBe('v');
  });

  it('accepts 256 kB of annotations in total and refuses one byte more', async () => {
    const limit = 256 * 1024;
    const exact = { big: 'x'.repeat(limit - 'big'.length) };
    await allocated(unique('at-limit'), exact);
    const over = { big: 'x'.repeat(limit - 'big'.length + 1) };
    const answer = await allocate({
      partyIdHint: unique('over-limit'),
      localMetadata: { annotations: over },
    });
    expectInvalid(answer);
    expect(answer.body).toHaveProperty('cause', expect.stringContaining('256kb'));
  });

  it('refuses an update whose merged annotations pass 256 kB', async () => {
    const half = 'x'.repeat(200 * 1024);
    const party = await allocated(unique('growing'), { first: half });
    const answer = await patchParty(party, { annotations: { second: half } });
    expectInvalid(answer, 'MAX_PARTY_DETAILS_ANNOTATIONS_SIZE_EXCEEDED');
    expect(Object.keys((await partyDetails(party)).localMetadata.annotations)).toEqual(['first']);
  });

  it('removes a key whose value an update leaves empty, and keeps the others', async () => {
    const party = await allocated(unique('pruned'), { keep: 'k', drop: 'd' });
    const answer = await patchParty(party, { annotations: { drop: '', added: 'a' } });
    expect(answer.body).toHaveProperty('partyDetails.localMetadata.annotations', {
      added: 'a',
      keep: 'k',
    });
  });
});

describe('party details and their resource version', () => {
  it('moves the resource version on each update and refuses a stale one with 409', async () => {
    const party = await allocated(unique('versioned'));
    const first = await partyDetails(party);
    const updated = await patchParty(party, {
      resourceVersion: first.localMetadata.resourceVersion,
      annotations: { step: 'one' },
    });
    expect(updated.status, updated.text).toBe(200);
    const { resourceVersion } = (
      updated.body as { partyDetails: { localMetadata: { resourceVersion: string } } }
    ).partyDetails.localMetadata;
    expect(resourceVersion).not.toBe(first.localMetadata.resourceVersion);
    const stale = await patchParty(party, {
      resourceVersion: first.localMetadata.resourceVersion,
      annotations: { step: 'two' },
    });
    expectCantonError(stale, {
      status: 409,
      code: 'CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED',
      method: 'patch',
      path: '/v2/parties/{party}',
    });
    expect((await partyDetails(party)).localMetadata.annotations).toEqual({ step: 'one' });
    const current = await patchParty(party, { resourceVersion, annotations: { step: 'two' } });
    expect(current.status).toBe(200);
  });

  it('refuses to change is_local, which is not modifiable', async () => {
    const party = await allocated(unique('local'));
    const answer = await call('/v2/parties/{party}', {
      method: 'patch',
      path: `/v2/parties/${enc(party)}`,
      body: { partyDetails: { party, isLocal: false }, updateMask: mask('is_local') },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('code', 'INVALID_PARTY_DETAILS_UPDATE_REQUEST');
  });

  it('refuses a body that names another party than the path', async () => {
    const target = await allocated(unique('path-party'));
    const other = await allocated(unique('body-party'));
    const answer = await patchParty(
      other,
      { annotations: { hijacked: 'yes' } },
      `/v2/parties/${enc(target)}`,
    );
    expectInvalid(answer);
    expect((await partyDetails(other)).localMetadata.annotations).toEqual({});
  });
});

type User = {
  id: string;
  primaryParty: string;
  isDeactivated: boolean;
  metadata: { resourceVersion: string; annotations: Record<string, string> };
  identityProviderId: string;
};

const createUserAnswer = (body: unknown) =>
  call('/v2/users', { method: 'post', path: '/v2/users', body });
const getUser = async (userId: string, query = '') => {
  const answer = await call('/v2/users/{user-id}', {
    method: 'get',
    path: `/v2/users/${userId}${query}`,
  });
  return { answer, user: (answer.body as { user?: User }).user };
};
const patchUser = (
  userId: string,
  user: Record<string, unknown>,
  paths: string[],
  path = `/v2/users/${userId}`,
) =>
  call('/v2/users/{user-id}', {
    method: 'patch',
    path,
    body: { user: { id: userId, ...user }, updateMask: mask(...paths) },
  });

describe('users', () => {
  it('has participant_admin with the ParticipantAdmin right from the start', async () => {
    const { user } = await getUser('participant_admin');
    expect(user).toMatchObject({ id: 'participant_admin', isDeactivated: false });
    const rights = await call('/v2/users/{user-id}/rights', {
      method: 'get',
      path: '/v2/users/participant_admin/rights',
    });
    expect(rights.body).toEqual({ rights: [right('ParticipantAdmin')] });
    const me = await call('/v2/authenticated-user', {
      method: 'get',
      path: '/v2/authenticated-user',
    });
    expect(me.body).toHaveProperty('user.id', 'participant_admin');
  });

  it('creates, reads, updates and deletes a user, moving its resource version on each update', async () => {
    const party = await allocated(unique('primary'));
    const userId = unique('crud');
    const created = await createUserAnswer({
      user: { id: userId, primaryParty: party, metadata: { annotations: { team: 'red' } } },
      rights: [right('CanActAs', party)],
    });
    expect(created.body).toEqual({
      user: {
        id: userId,
        primaryParty: party,
        isDeactivated: false,
        metadata: { resourceVersion: '0', annotations: { team: 'red' } },
        identityProviderId: '',
      },
    });
    const renamed = await patchUser(
      userId,
      { metadata: { resourceVersion: '0', annotations: { team: 'blue' } } },
      ['metadata.annotations'],
    );
    expect(renamed.body).toHaveProperty('user.metadata', {
      resourceVersion: '1',
      annotations: { team: 'blue' },
    });
    const stale = await patchUser(
      userId,
      { metadata: { resourceVersion: '0', annotations: { team: 'green' } } },
      ['metadata.annotations'],
    );
    expectCantonError(stale, {
      status: 409,
      code: 'CONCURRENT_USER_UPDATE_DETECTED',
      method: 'patch',
      path: '/v2/users/{user-id}',
    });
    const cleared = await patchUser(userId, { primaryParty: '' }, ['primary_party']);
    expect(cleared.body).toHaveProperty('user.primaryParty', '');
    const deleted = await call('/v2/users/{user-id}', {
      method: 'delete',
      path: `/v2/users/${userId}`,
    });
    expect(deleted.body).toEqual({});
    const gone = await getUser(userId);
    expect(gone.answer.status).toBe(404);
    const recreated = await createUserAnswer({ user: { id: userId } });
    expect(recreated.body).toHaveProperty('user.metadata.resourceVersion', '0');
    const rights = await call('/v2/users/{user-id}/rights', {
      method: 'get',
      path: `/v2/users/${userId}/rights`,
    });
    expect(rights.body).toEqual({ rights: [] });
  });

  it('refuses a duplicate id with 409 and an invalid id with 400', async () => {
    const userId = unique('dup');
    await createUserAnswer({ user: { id: userId } });
    expectCantonError(await createUserAnswer({ user: { id: userId } }), {
      status: 409,
      code: 'USER_ALREADY_EXISTS',
      method: 'post',
      path: '/v2/users',
    });
    expectInvalid(
      await createUserAnswer({ user: { id: 'spaces are not allowed' } }),
      'INVALID_FIELD',
    );
    expectInvalid(await createUserAnswer({ user: { id: 'x'.repeat(129) } }), 'INVALID_FIELD');
  });

  it('does not let a user deactivate itself', async () => {
    const answer = await call('/v2/users/{user-id}', {
      method: 'patch',
      path: '/v2/users/participant_admin',
      body: {
        user: { id: 'participant_admin', isDeactivated: true },
        updateMask: mask('is_deactivated'),
      },
    });
    expectInvalid(answer);
    expect((await getUser('participant_admin')).user?.isDeactivated).toBe(false);
  });

  it('refuses an update whose body names another user than the path', async () => {
    const target = unique('path-user');
    const other = unique('body-user');
    await createUserAnswer({ user: { id: target } });
    await createUserAnswer({ user: { id: other } });
    const answer = await patchUser(
      other,
      { metadata: { annotations: { hijacked: 'yes' } } },
      ['metadata.annotations'],
      `/v2/users/${target}`,
    );
    expectInvalid(answer);
    expect((await getUser(other)).user?.metadata.annotations).toEqual({});
  });
});

describe('user rights', () => {
  const grantTo = (userId: string, rights: unknown[], path = `/v2/users/${userId}/rights`) =>
    call('/v2/users/{user-id}/rights', { method: 'post', path, body: { userId, rights } });
  const revokeFrom = (userId: string, rights: unknown[], path = `/v2/users/${userId}/rights`) =>
    call('/v2/users/{user-id}/rights', { method: 'patch', path, body: { userId, rights } });
  const rightsOf = async (userId: string) =>
    (
      await call('/v2/users/{user-id}/rights', {
        method: 'get',
        path: `/v2/users/${userId}/rights`,
      })
    ).body;

  it('answers a grant with only the rights the user did not hold, leaving its resource version', async () => {
    const party = await allocated(unique('granted'));
    const userId = unique('grantee');
    await createUserAnswer({ user: { id: userId }, rights: [right('CanReadAs', party)] });
    const answer = await grantTo(userId, [
      right('CanReadAs', party),
      right('CanActAs', party),
      right('CanActAs', party),
      right('CanReadAsAnyParty'),
    ]);
    expect(answer.body).toEqual({
      newlyGrantedRights: [right('CanActAs', party), right('CanReadAsAnyParty')],
    });
    expect(valuesOf(await rightsOf(userId), 'party')).toEqual([party, party]);
    expect((await getUser(userId)).user?.metadata.resourceVersion).toBe('0');
    const again = await grantTo(userId, [right('CanActAs', party)]);
    expect(again.body).toEqual({ newlyGrantedRights: [] });
  });

  it('answers a revoke with only the rights the user held', async () => {
    const party = await allocated(unique('revoked'));
    const userId = unique('revokee');
    await createUserAnswer({
      user: { id: userId },
      rights: [right('CanActAs', party), right('IdentityProviderAdmin')],
    });
    const answer = await revokeFrom(userId, [
      right('CanActAs', party),
      right('CanReadAs', party),
      right('IdentityProviderAdmin'),
    ]);
    expect(answer.body).toEqual({
      newlyRevokedRights: [right('CanActAs', party), right('IdentityProviderAdmin')],
    });
    expect(await rightsOf(userId)).toEqual({ rights: [] });
  });

  it('refuses a right for a party the participant does not know', async () => {
    const userId = unique('unknown-party');
    await createUserAnswer({ user: { id: userId } });
    const answer = await grantTo(userId, [right('CanActAs', `ghost::1220${'ab'.repeat(32)}`)]);
    expectInvalid(answer);
    expect(await rightsOf(userId)).toEqual({ rights: [] });
  });

  it('refuses a grant whose body names another user than the path', async () => {
    const party = await allocated(unique('misdirected'));
    const target = unique('rights-path');
    const other = unique('rights-body');
    await createUserAnswer({ user: { id: target } });
    await createUserAnswer({ user: { id: other } });
    const answer = await grantTo(other, [right('CanActAs', party)], `/v2/users/${target}/rights`);
    expectInvalid(answer);
    expect(await rightsOf(other)).toEqual({ rights: [] });
  });

  it('refuses a revoke whose body names another user than the path', async () => {
    const party = await allocated(unique('misdirected'));
    const target = unique('revoke-path');
    const other = unique('revoke-body');
    await createUserAnswer({ user: { id: target } });
    await createUserAnswer({ user: { id: other }, rights: [right('CanActAs', party)] });
    const answer = await revokeFrom(
      other,
      [right('CanActAs', party)],
      `/v2/users/${target}/rights`,
    );
    expectInvalid(answer);
    expect(await rightsOf(other)).toEqual({ rights: [right('CanActAs', party)] });
  });
});

describe('moving a user between identity providers', () => {
  const move = (
    userId: string,
    source: string,
    target: string,
    path = `/v2/users/${userId}/identity-provider-id`,
  ) =>
    call('/v2/users/{user-id}/identity-provider-id', {
      method: 'patch',
      path,
      body: { userId, sourceIdentityProviderId: source, targetIdentityProviderId: target },
    });

  it('moves a user to a new identity provider and back', async () => {
    const idpId = unique('idp');
    await createIdentityProvider(node, idpId);
    const userId = unique('traveller');
    await createUserAnswer({ user: { id: userId } });
    const moved = await move(userId, '', idpId);
    expect(moved.body).toEqual({});
    const there = await getUser(userId, `?identity-provider-id=${idpId}`);
    expect(there.user?.identityProviderId).toBe(idpId);
    // Looked up under the default provider, the user now belongs to another one.
    expectRedactedDenial((await getUser(userId)).answer);
    const back = await move(userId, idpId, '');
    expect(back.status).toBe(200);
    expect((await getUser(userId)).user?.identityProviderId).toBe('');
  });

  it('refuses a source that is not the user’s provider and a target that does not exist', async () => {
    const idpId = unique('idp');
    await createIdentityProvider(node, idpId);
    const userId = unique('stayer');
    await createUserAnswer({ user: { id: userId } });
    expectRedactedDenial(await move(userId, idpId, ''));
    expectInvalid(await move(userId, '', 'no-such-idp'));
    expect((await getUser(userId)).user?.identityProviderId).toBe('');
  });

  it('refuses a body that names another user than the path', async () => {
    const idpId = unique('idp');
    await createIdentityProvider(node, idpId);
    const target = unique('move-path');
    const other = unique('move-body');
    await createUserAnswer({ user: { id: target } });
    await createUserAnswer({ user: { id: other } });
    const answer = await move(other, '', idpId, `/v2/users/${target}/identity-provider-id`);
    expectInvalid(answer);
    expect((await getUser(other)).user?.identityProviderId).toBe('');
  });
});

async function pages(
  path: (token: string) => string,
  key: 'users' | 'partyDetails',
  idKey: string,
) {
  const seen: string[][] = [];
  let token = '';
  for (let page = 0; page < 50; page++) {
    const answer = await call(path('').split('?')[0] ?? '', { method: 'get', path: path(token) });
    const body = answer.body as Record<string, unknown> & { nextPageToken?: string };
    seen.push(valuesOf(body[key], idKey));
    token = body.nextPageToken ?? '';
    if (token === '') return seen;
  }
  throw new Error('paging did not end');
}

describe('paging', () => {
  it('pages through the users in id order without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) await createUserAnswer({ user: { id: unique('paged-user') } });
    const all = await call('/v2/users', { method: 'get', path: '/v2/users?pageSize=1000' });
    const everyone = valuesOf((all.body as { users: unknown }).users, 'id');
    const seen = await pages((token) => `/v2/users?pageSize=2&pageToken=${token}`, 'users', 'id');
    expect(seen.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(seen.flat()).toEqual(everyone);
    expect([...everyone].sort()).toEqual(everyone);
    expect(new Set(everyone).size).toBe(everyone.length);
  });

  it('pages through the parties, and filters them by prefix', async () => {
    for (let i = 0; i < 5; i++) await allocated(unique('paged-party'));
    const all = await call('/v2/parties', { method: 'get', path: '/v2/parties' });
    const everyone = valuesOf(all.body, 'party');
    const seen = await pages(
      (token) => `/v2/parties?pageSize=3&pageToken=${token}`,
      'partyDetails',
      'party',
    );
    expect(seen.flat()).toEqual(everyone);
    expect(seen.slice(0, -1).every((page) => page.length === 3)).toBe(true);
    const filtered = await call('/v2/parties', {
      method: 'get',
      path: '/v2/parties?filter-party=paged-party',
    });
    const prefixed = valuesOf(filtered.body, 'party');
    expect(prefixed).toHaveLength(5);
    expect(prefixed.every((party) => party.startsWith('paged-party'))).toBe(true);
  });

  it('refuses a negative page size and a page token it did not hand out', async () => {
    expectInvalid(await call('/v2/users', { method: 'get', path: '/v2/users?pageSize=-1' }));
    expectInvalid(await call('/v2/parties', { method: 'get', path: '/v2/parties?pageToken=%%%' }));
  });
});
