import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import type { AdminRecord } from '../transaction.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
  type UserRight,
} from './participant-state.ts';
import { planAllocateParty } from './party-allocation.ts';
import { planGrantUserRights, planRevokeUserRights } from './user-grants.ts';
import { maxRightsPerUser } from './user-rights.ts';
import { planUpdateUser } from './user-update.ts';
import { getUser, planCreateUser, userRights } from './users.ts';

const recordTime = '2025-01-01T00:00:00.000000Z';

function commit<TRecord extends AdminRecord>(
  state: ParticipantState,
  plan: (state: ParticipantState, recordTime: string) => TRecord,
): TRecord {
  const record = plan(state, recordTime);
  applyParticipantRecord(state, record);
  return record;
}

function fixture() {
  const state = createParticipantState('participant1::1220aa');
  const parties = ['alice', 'bob'].map((hint, index) => {
    const plan = planAllocateParty({ partyIdHint: hint }, { synchronizerId: 'global::1220bb' });
    const record = plan(state, index + 1, `update-${hint}`, recordTime);
    applyParticipantRecord(state, record);
    return record.parties[0] ?? '';
  });
  const [alice = '', bob = ''] = parties;
  commit(
    state,
    planCreateUser({ user: { id: 'u' }, rights: [{ kind: 'CanActAs', party: alice }] }),
  );
  return { state, alice, bob };
}

describe('granting rights', () => {
  test('reports only the rights that were new, and the user then holds all of them', () => {
    const { state, alice, bob } = fixture();
    const requested: UserRight[] = [
      { kind: 'CanActAs', party: alice },
      { kind: 'CanReadAs', party: bob },
      { kind: 'CanReadAs', party: bob },
      { kind: 'ParticipantAdmin' },
    ];
    const record = commit(state, planGrantUserRights({ userId: 'u', rights: requested }));
    expect(record.change.rights).toEqual([
      { kind: 'CanReadAs', party: bob },
      { kind: 'ParticipantAdmin' },
    ]);
    expect(userRights(state, { userId: 'u' })).toEqual([
      { kind: 'CanActAs', party: alice },
      { kind: 'CanReadAs', party: bob },
      { kind: 'ParticipantAdmin' },
    ]);
    const again = commit(state, planGrantUserRights({ userId: 'u', rights: requested }));
    expect(again.change.rights).toEqual([]);
  });

  test('does not move the user resource version', () => {
    const { state, bob } = fixture();
    commit(
      state,
      planGrantUserRights({ userId: 'u', rights: [{ kind: 'CanReadAs', party: bob }] }),
    );
    expect(getUser(state, { userId: 'u' }).metadata.resourceVersion).toBe('0');
    commit(
      state,
      planRevokeUserRights({ userId: 'u', rights: [{ kind: 'CanReadAs', party: bob }] }),
    );
    expect(getUser(state, { userId: 'u' }).metadata.resourceVersion).toBe('0');
    const update = planUpdateUser({
      user: { id: 'u', metadata: { resourceVersion: '0' } },
      updateMask: { paths: ['metadata.annotations'] },
    });
    expect(() => commit(state, update)).not.toThrow();
  });

  test('refuses unknown users, unknown parties and bad party ids', () => {
    const { state } = fixture();
    const grant = (userId: string, rights: UserRight[]) => () =>
      commit(state, planGrantUserRights({ userId, rights }));
    expect(grant('nobody', [])).toThrow('grant user rights failed for unknown user "nobody"');
    expect(grant('u', [{ kind: 'CanActAs', party: 'ghost::1220cc' }])).toThrow(
      /Provided parties have not been found/,
    );
    expect(grant('u', [{ kind: 'CanActAs', party: 'bad party!' }])).toThrow(
      /non expected character 0x21/,
    );
  });

  test(`refuses to take a user past ${maxRightsPerUser} rights`, () => {
    const { state } = fixture();
    for (let index = 0; index < maxRightsPerUser; index += 1) {
      state.parties.set(`p${index}::1220aa`, {
        party: `p${index}::1220aa`,
        isLocal: false,
        localMetadata: { resourceVersion: '', annotations: {} },
        identityProviderId: '',
        addedAt: 0,
      });
    }
    const rights = [...state.parties.keys()].map(
      (party): UserRight => ({ kind: 'CanReadAs', party }),
    );
    const plan = planGrantUserRights({ userId: 'u', rights });
    try {
      commit(state, plan);
      throw new Error('expected TOO_MANY_USER_RIGHTS');
    } catch (error) {
      expect(isDomainError(error) && error.code).toBe('TOO_MANY_USER_RIGHTS');
    }
    expect(userRights(state, { userId: 'u' })).toHaveLength(1);
  });
});

describe('revoking rights', () => {
  test('reports only the rights the user actually held', () => {
    const { state, alice, bob } = fixture();
    const record = commit(
      state,
      planRevokeUserRights({
        userId: 'u',
        rights: [
          { kind: 'CanActAs', party: alice },
          { kind: 'CanActAs', party: bob },
          { kind: 'IdentityProviderAdmin' },
        ],
      }),
    );
    expect(record.change.rights).toEqual([{ kind: 'CanActAs', party: alice }]);
    expect(userRights(state, { userId: 'u' })).toEqual([]);
  });
});
