import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import type { AdminRecord, TopologyRecord } from '../transaction.ts';
import { planCreateIdentityProvider } from './identity-providers.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
} from './participant-state.ts';
import { planAllocateParty } from './party-allocation.ts';
import { planGrantUserRights, planRevokeUserRights } from './user-grants.ts';
import { planUpdateUser, planUpdateUserIdentityProvider } from './user-update.ts';
import { getUser, listUsers, planCreateUser, planDeleteUser, userRights } from './users.ts';

const participantId = 'participant1::1220aa';
const recordTime = '2025-01-01T00:00:00.000000Z';

function commit<TRecord extends AdminRecord>(
  state: ParticipantState,
  plan: (state: ParticipantState, recordTime: string) => TRecord,
): TRecord {
  const record = plan(state, recordTime);
  applyParticipantRecord(state, record);
  return record;
}

function allocate(state: ParticipantState, hint: string): string {
  const plan = planAllocateParty({ partyIdHint: hint }, { synchronizerId: 'global::1220bb' });
  const record: TopologyRecord = plan(state, state.parties.size + 1, `update-${hint}`, recordTime);
  applyParticipantRecord(state, record);
  return record.parties[0] ?? '';
}

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function fixture() {
  const state = createParticipantState(participantId);
  const alice = allocate(state, 'alice');
  commit(
    state,
    planCreateUser({
      user: { id: 'alice-user', primaryParty: alice, metadata: { annotations: { team: 'a' } } },
      rights: [{ kind: 'CanActAs', party: alice }],
    }),
  );
  return { state, alice };
}

describe('participant_admin', () => {
  test('exists on an empty journal with the ParticipantAdmin right and no primary party', () => {
    const state = createParticipantState(participantId);
    const admin = getUser(state, { userId: 'participant_admin' });
    expect(admin).toMatchObject({ primaryParty: '', identityProviderId: '', isDeactivated: false });
    expect(admin.rights).toEqual([{ kind: 'ParticipantAdmin' }]);
    expect(admin.metadata.resourceVersion).not.toBe('');
  });
});

describe('the last active participant admin', () => {
  const lastAdmin = /would leave the participant without an active user holding ParticipantAdmin/;
  const deactivate = (userId: string) =>
    planUpdateUser({
      user: { id: userId, isDeactivated: true },
      updateMask: { paths: ['is_deactivated'] },
    });
  const revokeAdmin = (userId: string) =>
    planRevokeUserRights({ userId, rights: [{ kind: 'ParticipantAdmin' }] });

  test('may be neither deleted, deactivated nor stripped of ParticipantAdmin, and stays as it was', () => {
    const { state } = fixture();
    const attempts: Array<() => AdminRecord> = [
      () => commit(state, planDeleteUser({ userId: 'participant_admin' })),
      () => commit(state, deactivate('participant_admin')),
      () => commit(state, revokeAdmin('participant_admin')),
    ];
    for (const attempt of attempts) {
      expect(codeOf(attempt)).toBe('INVALID_ARGUMENT');
      expect(attempt).toThrow(lastAdmin);
    }
    expect(getUser(state, { userId: 'participant_admin' })).toMatchObject({
      isDeactivated: false,
      rights: [{ kind: 'ParticipantAdmin' }],
    });
  });

  test('may go once another active user holds ParticipantAdmin, and a deactivated one does not count', () => {
    const { state } = fixture();
    commit(
      state,
      planGrantUserRights({ userId: 'alice-user', rights: [{ kind: 'ParticipantAdmin' }] }),
    );
    commit(state, deactivate('alice-user'));
    expect(() => commit(state, planDeleteUser({ userId: 'participant_admin' }))).toThrow(lastAdmin);
    commit(
      state,
      planUpdateUser({ user: { id: 'alice-user' }, updateMask: { paths: ['is_deactivated'] } }),
    );
    commit(state, revokeAdmin('participant_admin'));
    expect(userRights(state, { userId: 'participant_admin' })).toEqual([]);
    expect(() => commit(state, revokeAdmin('alice-user'))).toThrow(lastAdmin);
    commit(state, planDeleteUser({ userId: 'participant_admin' }));
    expect(state.users.has('participant_admin')).toBe(false);
  });

  test('does not stop revoking other rights of the last admin', () => {
    const { state, alice } = fixture();
    commit(
      state,
      planGrantUserRights({
        userId: 'participant_admin',
        rights: [{ kind: 'CanActAs', party: alice }],
      }),
    );
    commit(
      state,
      planRevokeUserRights({
        userId: 'participant_admin',
        rights: [{ kind: 'CanActAs', party: alice }],
      }),
    );
    expect(userRights(state, { userId: 'participant_admin' })).toEqual([
      { kind: 'ParticipantAdmin' },
    ]);
  });
});

describe('creating users', () => {
  test('stores the user with its rights and a fresh resource version', () => {
    const { state, alice } = fixture();
    const user = getUser(state, { userId: 'alice-user' });
    expect(user).toMatchObject({ id: 'alice-user', primaryParty: alice, isDeactivated: false });
    expect(user.metadata).toEqual({ resourceVersion: '0', annotations: { team: 'a' } });
    expect(userRights(state, { userId: 'alice-user' })).toEqual([
      { kind: 'CanActAs', party: alice },
    ]);
  });

  test('rejects an existing id, a bad id, a set resource version and unknown parties', () => {
    const { state } = fixture();
    expect(codeOf(() => commit(state, planCreateUser({ user: { id: 'alice-user' } })))).toBe(
      'USER_ALREADY_EXISTS',
    );
    expect(codeOf(() => commit(state, planCreateUser({ user: { id: 'a/b' } })))).toBe(
      'INVALID_FIELD',
    );
    expect(codeOf(() => commit(state, planCreateUser({ user: {} })))).toBe('MISSING_FIELD');
    expect(codeOf(() => commit(state, planCreateUser({ user: { id: 'x'.repeat(129) } })))).toBe(
      'INVALID_FIELD',
    );
    const versioned = { id: 'bob', metadata: { resourceVersion: '0' } };
    expect(codeOf(() => commit(state, planCreateUser({ user: versioned })))).toBe(
      'INVALID_ARGUMENT',
    );
    const stranger = planCreateUser({
      user: { id: 'bob' },
      rights: [{ kind: 'CanReadAs', party: 'stranger::1220ff' }],
    });
    expect(() => commit(state, stranger)).toThrow(
      /Provided parties have not been found in identity_provider_id=``: \[stranger::1220ff\]/,
    );
  });

  test('accepts every character Canton allows in a user id', () => {
    const state = createParticipantState(participantId);
    const id = "a-Z_0@^$.!`#+'~|:()";
    commit(state, planCreateUser({ user: { id } }));
    expect(getUser(state, { userId: id }).id).toBe(id);
  });

  test('needs the named identity provider to exist', () => {
    const state = createParticipantState(participantId);
    const plan = planCreateUser({ user: { id: 'bob', identityProviderId: 'idp1' } });
    expect(() => commit(state, plan)).toThrow(
      /Provided identity_provider_id idp1 has not been found/,
    );
  });
});

describe('reading users', () => {
  test('reports an unknown user and hides users of another identity provider', () => {
    const { state } = fixture();
    expect(() => getUser(state, { userId: 'nobody' })).toThrow(
      'getting user failed for unknown user "nobody"',
    );
    commit(
      state,
      planCreateIdentityProvider({
        identityProviderConfig: {
          identityProviderId: 'idp1',
          issuer: 'https://issuer.example',
          jwksUrl: 'https://issuer.example/jwks',
        },
      }),
    );
    expect(codeOf(() => getUser(state, { userId: 'alice-user', identityProviderId: 'idp1' }))).toBe(
      'PERMISSION_DENIED',
    );
  });

  test('pages through users in id order, each page continuing after the last', () => {
    const state = createParticipantState(participantId);
    for (const id of ['carol', 'bob', 'dave', 'erin'])
      commit(state, planCreateUser({ user: { id } }));
    const first = listUsers(state, { pageSize: 2 });
    expect(first.users.map((user) => user.id)).toEqual(['bob', 'carol']);
    const second = listUsers(state, { pageSize: 2, pageToken: first.nextPageToken });
    expect(second.users.map((user) => user.id)).toEqual(['dave', 'erin']);
    const third = listUsers(state, { pageSize: 2, pageToken: second.nextPageToken });
    expect(third.users.map((user) => user.id)).toEqual(['participant_admin']);
    expect(third.nextPageToken).toBe('');
    expect(listUsers(state, {}).users).toHaveLength(5);
    expect(() => listUsers(state, { pageToken: '!!' })).toThrow(/Invalid page token/);
    expect(() => listUsers(state, { pageSize: -1 })).toThrow(/must be non-negative/);
  });
});

describe('updating users', () => {
  test('changes only the masked fields, merges annotations and moves the version on', () => {
    const { state } = fixture();
    const record = commit(
      state,
      planUpdateUser({
        user: {
          id: 'alice-user',
          primaryParty: '',
          isDeactivated: true,
          metadata: { annotations: { team: '', role: 'ops' } },
        },
        updateMask: { paths: ['is_deactivated', 'metadata.annotations'] },
      }),
    );
    expect(record.change).toEqual({
      kind: 'user.updated',
      userId: 'alice-user',
      isDeactivated: true,
      annotations: { role: 'ops' },
    });
    const user = getUser(state, { userId: 'alice-user' });
    expect(user.isDeactivated).toBe(true);
    expect(user.primaryParty).not.toBe('');
    expect(user.metadata).toEqual({ resourceVersion: '1', annotations: { role: 'ops' } });
  });

  test('detects a concurrent update from a stale resource version', () => {
    const { state } = fixture();
    const update = (version: string, value: string) =>
      planUpdateUser({
        user: {
          id: 'alice-user',
          metadata: { resourceVersion: version, annotations: { v: value } },
        },
        updateMask: { paths: ['metadata'] },
      });
    commit(state, update('0', 'first'));
    expect(codeOf(() => commit(state, update('0', 'second')))).toBe(
      'CONCURRENT_USER_UPDATE_DETECTED',
    );
    commit(state, update('1', 'second'));
    expect(getUser(state, { userId: 'alice-user' }).metadata.annotations.v).toBe('second');
  });

  test('rejects bad masks with INVALID_USER_UPDATE_REQUEST and a missing user as not found', () => {
    const { state } = fixture();
    const masked = (paths: string[]) =>
      planUpdateUser({ user: { id: 'alice-user' }, updateMask: { paths } });
    expect(() => commit(state, masked([]))).toThrow(/The update mask contains no entries/);
    expect(() => commit(state, masked(['rights']))).toThrow(/'rights' points to an unknown field/);
    expect(codeOf(() => commit(state, masked(['primary_party', 'primary_party'])))).toBe(
      'INVALID_USER_UPDATE_REQUEST',
    );
    const missing = planUpdateUser({ user: { id: 'nobody' }, updateMask: { paths: ['metadata'] } });
    expect(codeOf(() => commit(state, missing))).toBe('USER_NOT_FOUND');
    expect(codeOf(() => commit(state, planUpdateUser({ user: { id: 'alice-user' } })))).toBe(
      'MISSING_FIELD',
    );
  });

  test('refuses to let the requesting user deactivate itself', () => {
    const { state } = fixture();
    const plan = planUpdateUser(
      {
        user: { id: 'alice-user', isDeactivated: true },
        updateMask: { paths: ['is_deactivated'] },
      },
      { requestingUserId: 'alice-user' },
    );
    expect(() => commit(state, plan)).toThrow(/Requesting user cannot self-deactivate/);
  });

  test('accepts camelCase mask paths as their snake_case fields', () => {
    const { state } = fixture();
    commit(
      state,
      planUpdateUser({ user: { id: 'alice-user' }, updateMask: { paths: ['primaryParty'] } }),
    );
    expect(getUser(state, { userId: 'alice-user' }).primaryParty).toBe('');
  });
});

describe('moving a user between identity providers', () => {
  test('needs the user to be in the source provider and the target to exist', () => {
    const { state } = fixture();
    const move = (source: string | undefined, target: string | undefined) =>
      planUpdateUserIdentityProvider({
        userId: 'alice-user',
        sourceIdentityProviderId: source,
        targetIdentityProviderId: target,
      });
    expect(codeOf(() => commit(state, move(undefined, 'idp1')))).toBe('INVALID_ARGUMENT');
    commit(
      state,
      planCreateIdentityProvider({
        identityProviderConfig: {
          identityProviderId: 'idp1',
          issuer: 'https://issuer.example',
          jwksUrl: 'https://issuer.example/jwks',
        },
      }),
    );
    expect(codeOf(() => commit(state, move('idp1', '')))).toBe('PERMISSION_DENIED');
    commit(state, move(undefined, 'idp1'));
    const user = getUser(state, { userId: 'alice-user', identityProviderId: 'idp1' });
    expect(user.identityProviderId).toBe('idp1');
    expect(user.metadata.resourceVersion).toBe('0');
    expect(listUsers(state, { identityProviderId: 'idp1' }).users.map((u) => u.id)).toEqual([
      'alice-user',
    ]);
  });
});

describe('deleting users', () => {
  test('removes the user and its rights; a second delete finds nothing', () => {
    const { state } = fixture();
    commit(state, planDeleteUser({ userId: 'alice-user' }));
    expect(state.users.has('alice-user')).toBe(false);
    expect(() => commit(state, planDeleteUser({ userId: 'alice-user' }))).toThrow(
      'deleting user failed for unknown user "alice-user"',
    );
  });
});
