import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import type { AdminRecord, TopologyRecord } from '../transaction.ts';
import { planCreateIdentityProvider } from './identity-providers.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
} from './participant-state.ts';
import { planUpdatePartyDetails, type UpdatePartyDetailsRequest } from './parties.ts';
import { type AllocatePartyRequest, planAllocateParty } from './party-allocation.ts';
import { getParties, isHostedParty, listParties } from './party-queries.ts';
import { getUser, planCreateUser } from './users.ts';

const recordTime = '2025-01-01T00:00:00.000000Z';
const synchronizerId = 'global::1220bb';

function commit<TRecord extends AdminRecord>(
  state: ParticipantState,
  plan: (state: ParticipantState, recordTime: string) => TRecord,
): TRecord {
  const record = plan(state, recordTime);
  applyParticipantRecord(state, record);
  return record;
}

function allocate(state: ParticipantState, request: AllocatePartyRequest): TopologyRecord {
  const offset = state.parties.size + 1;
  const record = planAllocateParty(request, { synchronizerId })(
    state,
    offset,
    `update-${offset}`,
    recordTime,
  );
  applyParticipantRecord(state, record);
  return record;
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

const createIdp = (state: ParticipantState, id: string) =>
  commit(
    state,
    planCreateIdentityProvider({
      identityProviderConfig: {
        identityProviderId: id,
        issuer: `https://${id}.example`,
        jwksUrl: `https://${id}.example/jwks`,
      },
    }),
  );

describe('allocating parties', () => {
  test('names the party hint::<participant namespace> and records its local metadata', () => {
    const state = createParticipantState('participant1::1220aa');
    const record = allocate(state, {
      partyIdHint: 'alice',
      localMetadata: { annotations: { 'example.com/name': 'Alice' } },
    });
    expect(record).toMatchObject({
      type: 'topology',
      participantId: 'participant1::1220aa',
      synchronizerId,
      parties: ['alice::1220aa'],
      grantedTo: null,
    });
    expect(getParties(state, { parties: ['alice::1220aa'] })).toEqual([
      {
        party: 'alice::1220aa',
        isLocal: true,
        localMetadata: { resourceVersion: '0', annotations: { 'example.com/name': 'Alice' } },
        identityProviderId: '',
      },
    ]);
    expect(isHostedParty(state, 'alice::1220aa')).toBe(true);
  });

  test('refuses a party that is already allocated, with the message clients parse', () => {
    const state = createParticipantState('participant1::1220aa');
    allocate(state, { partyIdHint: 'alice' });
    expect(() => allocate(state, { partyIdHint: 'alice' })).toThrow(
      'The submitted request has invalid arguments: Party already exists: party alice::1220aa is already allocated on this node',
    );
  });

  test('generates a distinct, deterministic party id when no hint is given', () => {
    const state = createParticipantState('participant1::1220aa');
    const first = allocate(state, {}).parties[0] ?? '';
    const second = allocate(state, {}).parties[0] ?? '';
    expect(first).toMatch(/^party-[0-9a-f-]{36}::1220aa$/);
    expect(second).not.toBe(first);
    const replayed = createParticipantState('participant1::1220aa');
    const again = planAllocateParty({}, { synchronizerId })(replayed, 9, 'update-x', recordTime);
    const same = planAllocateParty({}, { synchronizerId })(replayed, 9, 'update-x', recordTime);
    expect(again.parties).toEqual(same.parties);
  });

  test('grants CanActAs to the named user, who must exist in the same provider', () => {
    const state = createParticipantState('participant1::1220aa');
    commit(state, planCreateUser({ user: { id: 'wallet' } }));
    expect(codeOf(() => allocate(state, { partyIdHint: 'x', userId: 'nobody' }))).toBe(
      'USER_NOT_FOUND',
    );
    const record = allocate(state, { partyIdHint: 'bob', userId: 'wallet' });
    expect(record.grantedTo).toBe('wallet');
    expect(getUser(state, { userId: 'wallet' }).rights).toEqual([
      { kind: 'CanActAs', party: 'bob::1220aa' },
    ]);
  });

  test('validates hint, metadata, provider and synchronizer', () => {
    const state = createParticipantState('participant1::1220aa');
    const codes = [
      { partyIdHint: 'has space!' },
      { partyIdHint: 'a::b' },
      { partyIdHint: 'x'.repeat(186) },
      { localMetadata: { resourceVersion: '1' } },
      { localMetadata: { annotations: { 'bad key!': 'v' } } },
      { localMetadata: { annotations: { key: '' } } },
      { identityProviderId: 'idp-missing' },
    ].map((request) => codeOf(() => allocate(state, request)));
    expect(codes).toEqual(Array(7).fill('INVALID_ARGUMENT'));
    expect(codeOf(() => allocate(state, { synchronizerId: 'other::1220cc' }))).toBe(
      'INVALID_FIELD',
    );
    expect(state.parties.size).toBe(0);
  });
});

describe('updating party details', () => {
  const update = (
    party: string,
    annotations: Record<string, string>,
    extra: Partial<UpdatePartyDetailsRequest> = {},
    resourceVersion?: string,
  ): UpdatePartyDetailsRequest => ({
    partyDetails: { party, localMetadata: { resourceVersion, annotations } },
    updateMask: { paths: ['local_metadata.annotations'] },
    ...extra,
  });

  test('merges annotations, removes emptied keys and moves the version on', () => {
    const state = createParticipantState('participant1::1220aa');
    allocate(state, { partyIdHint: 'alice', localMetadata: { annotations: { a: '1', b: '2' } } });
    commit(state, planUpdatePartyDetails(update('alice::1220aa', { a: '', c: '3' })));
    expect(state.parties.get('alice::1220aa')?.localMetadata).toEqual({
      resourceVersion: '1',
      annotations: { b: '2', c: '3' },
    });
  });

  test('detects concurrent updates and refuses is_local changes and unknown parties', () => {
    const state = createParticipantState('participant1::1220aa');
    allocate(state, { partyIdHint: 'alice' });
    commit(state, planUpdatePartyDetails(update('alice::1220aa', { a: '1' }, {}, '0')));
    expect(
      codeOf(() => commit(state, planUpdatePartyDetails(update('alice::1220aa', {}, {}, '0')))),
    ).toBe('CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED');
    const notLocal = update(
      'alice::1220aa',
      {},
      {
        partyDetails: { party: 'alice::1220aa', isLocal: false },
        updateMask: { paths: ['is_local'] },
      },
    );
    expect(codeOf(() => commit(state, planUpdatePartyDetails(notLocal)))).toBe(
      'INVALID_PARTY_DETAILS_UPDATE_REQUEST',
    );
    expect(codeOf(() => commit(state, planUpdatePartyDetails(update('ghost::1220aa', {}))))).toBe(
      'PARTY_NOT_FOUND',
    );
    const badMask = update('alice::1220aa', {}, { updateMask: { paths: ['party_id'] } });
    expect(() => commit(state, planUpdatePartyDetails(badMask))).toThrow(
      "Update operation for party 'alice::1220aa' failed due to: The update path: 'party_id' points to an unknown field.",
    );
  });

  test('refuses a caller of another identity provider', () => {
    const state = createParticipantState('participant1::1220aa');
    createIdp(state, 'idp1');
    allocate(state, { partyIdHint: 'alice' });
    const request = update('alice::1220aa', { a: '1' });
    const other = {
      ...request,
      partyDetails: { ...request.partyDetails, identityProviderId: 'idp1' },
    };
    expect(codeOf(() => commit(state, planUpdatePartyDetails(other)))).toBe('PERMISSION_DENIED');
  });
});

describe('reading parties', () => {
  function network() {
    const state = createParticipantState('participant1::1220aa');
    createIdp(state, 'idp1');
    allocate(state, { partyIdHint: 'alice', localMetadata: { annotations: { n: 'A' } } });
    allocate(state, { partyIdHint: 'bob', identityProviderId: 'idp1' });
    const remote: TopologyRecord = {
      type: 'topology',
      offset: 99,
      updateId: 'remote',
      synchronizerId,
      recordTime,
      participantId: 'participant2::1220dd',
      parties: ['carol::1220dd'],
      annotations: { ignored: 'yes' },
      identityProviderId: '',
      grantedTo: null,
    };
    applyParticipantRecord(state, remote);
    return state;
  }

  test('isLocal is true only for parties hosted here and sharing the caller provider', () => {
    const state = network();
    const seenBy = (identityProviderId: string) =>
      Object.fromEntries(
        listParties(state, { identityProviderId }).partyDetails.map((details) => [
          details.party,
          [details.isLocal, details.identityProviderId, details.localMetadata.annotations],
        ]),
      );
    expect(seenBy('')).toEqual({
      'alice::1220aa': [true, '', { n: 'A' }],
      'bob::1220aa': [false, '', {}],
      'carol::1220dd': [false, '', {}],
    });
    expect(seenBy('idp1')).toEqual({
      'alice::1220aa': [false, '', {}],
      'bob::1220aa': [true, 'idp1', {}],
      'carol::1220dd': [false, '', {}],
    });
  });

  test('pages in id order, filters by prefix and skips unknown ids in lookups', () => {
    const state = network();
    const first = listParties(state, { pageSize: 2 });
    expect(first.partyDetails.map((details) => details.party)).toEqual([
      'alice::1220aa',
      'bob::1220aa',
    ]);
    const rest = listParties(state, { pageSize: 2, pageToken: first.nextPageToken });
    expect(rest.partyDetails.map((details) => details.party)).toEqual(['carol::1220dd']);
    expect(rest.nextPageToken).toBe('');
    expect(listParties(state, { filterParty: 'bo' }).partyDetails).toHaveLength(1);
    expect(() => listParties(state, { pageSize: 10_001 })).toThrow(/server's maximum of 10000/);
    expect(
      getParties(state, { parties: ['ghost::1220aa', 'carol::1220dd'] }).map((d) => d.party),
    ).toEqual(['carol::1220dd']);
  });
});
