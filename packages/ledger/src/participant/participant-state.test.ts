import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isDomainError } from '../errors.ts';
import type { AdminRecord, TopologyRecord } from '../transaction.ts';
import {
  planCreateIdentityProvider,
  planDeleteIdentityProvider,
  planUpdateIdentityProvider,
} from './identity-providers.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
  type UserRight,
} from './participant-state.ts';
import { planUpdatePartyDetails } from './parties.ts';
import { planAllocateParty } from './party-allocation.ts';
import { planGrantUserRights, planRevokeUserRights } from './user-grants.ts';
import { rightKey } from './user-rights.ts';
import { planUpdateUser, planUpdateUserIdentityProvider } from './user-update.ts';
import { planCreateUser, planDeleteUser } from './users.ts';

const participantId = 'participant1::1220aa';
type JournalEntry = TopologyRecord | AdminRecord;
type Plan = (state: ParticipantState, index: number) => JournalEntry;

const adminPlan =
  (plan: (state: ParticipantState, recordTime: string) => AdminRecord): Plan =>
  (state, index) =>
    plan(state, `2025-01-01T00:00:${String(index % 60).padStart(2, '0')}.000000Z`);

// Small pools, so that random requests collide (same user, same party) and hit the rules.
const userId = fc.constantFrom('u1', 'u2', 'u3', 'participant_admin');
const hint = fc.constantFrom('alice', 'bob', 'carol');
const party = hint.map((name) => `${name}::1220aa`);
const idpId = fc.constantFrom('', 'idp1', 'idp2');
const version = fc.option(fc.constantFrom('0', '1', '2'), { nil: undefined });
const annotations = fc.dictionary(
  fc.constantFrom('a', 'b', 'x.io/c'),
  fc.constantFrom('', '1', '2'),
);
const right: fc.Arbitrary<UserRight> = fc.oneof(
  party.map((p): UserRight => ({ kind: 'CanActAs', party: p })),
  party.map((p): UserRight => ({ kind: 'CanReadAs', party: p })),
  party.map((p): UserRight => ({ kind: 'CanExecuteAs', party: p })),
  fc.constantFrom<UserRight>({ kind: 'ParticipantAdmin' }, { kind: 'CanReadAsAnyParty' }),
);
const rights = fc.array(right, { maxLength: 4 });
const maskPaths = fc.subarray([
  'primary_party',
  'is_deactivated',
  'metadata',
  'metadata.annotations',
]);

const planArbitrary: fc.Arbitrary<Plan> = fc.oneof(
  fc
    .record({
      hint: fc.option(hint, { nil: undefined }),
      user: fc.option(userId, { nil: undefined }),
    })
    .map(
      ({ hint: partyIdHint, user }): Plan =>
        (state, index) =>
          planAllocateParty({ partyIdHint, userId: user }, { synchronizerId: 'global::1220bb' })(
            state,
            index,
            `update-${index}`,
            '2025-01-01T00:00:00.000000Z',
          ),
    ),
  fc
    .record({ id: userId, idp: idpId, rights, primary: fc.option(party, { nil: undefined }) })
    .map(({ id, idp, rights: granted, primary }) =>
      adminPlan(
        planCreateUser({
          user: { id, identityProviderId: idp, primaryParty: primary },
          rights: granted,
        }),
      ),
    ),
  fc
    .record({ id: userId, paths: maskPaths, annotations, version, off: fc.boolean() })
    .map(({ id, paths, annotations: values, version: resourceVersion, off }) =>
      adminPlan(
        planUpdateUser({
          user: { id, isDeactivated: off, metadata: { resourceVersion, annotations: values } },
          updateMask: { paths },
        }),
      ),
    ),
  userId.map((id) => adminPlan(planDeleteUser({ userId: id }))),
  fc
    .record({ id: userId, rights, grant: fc.boolean() })
    .map(({ id, rights: changed, grant }) =>
      adminPlan(
        (grant ? planGrantUserRights : planRevokeUserRights)({ userId: id, rights: changed }),
      ),
    ),
  fc.record({ id: userId, source: idpId, target: idpId }).map(({ id, source, target }) =>
    adminPlan(
      planUpdateUserIdentityProvider({
        userId: id,
        sourceIdentityProviderId: source,
        targetIdentityProviderId: target,
      }),
    ),
  ),
  fc
    .record({ party, annotations, version })
    .map(({ party: id, annotations: values, version: resourceVersion }) =>
      adminPlan(
        planUpdatePartyDetails({
          partyDetails: { party: id, localMetadata: { resourceVersion, annotations: values } },
          updateMask: { paths: ['local_metadata.annotations'] },
        }),
      ),
    ),
  fc
    .record({ id: fc.constantFrom('idp1', 'idp2'), issuer: fc.constantFrom('i1', 'i2', 'i3') })
    .chain(({ id, issuer }) =>
      fc.constantFrom(
        adminPlan(
          planCreateIdentityProvider({
            identityProviderConfig: {
              identityProviderId: id,
              issuer: `https://${issuer}`,
              jwksUrl: `https://${issuer}/jwks`,
            },
          }),
        ),
        adminPlan(
          planUpdateIdentityProvider({
            identityProviderConfig: { identityProviderId: id, issuer: `https://${issuer}` },
            updateMask: { paths: ['issuer'] },
          }),
        ),
        adminPlan(planDeleteIdentityProvider({ identityProviderId: id })),
      ),
    ),
);

const allocation =
  (partyIdHint: string): Plan =>
  (state, index) =>
    planAllocateParty({ partyIdHint }, { synchronizerId: 'global::1220bb' })(
      state,
      index,
      `update-${index}`,
      '2025-01-01T00:00:00.000000Z',
    );

/** Requests collide more often (and so test more rules) once some parties and users exist. */
const setup: readonly Plan[] = [
  allocation('alice'),
  allocation('bob'),
  adminPlan(
    planCreateIdentityProvider({
      identityProviderConfig: {
        identityProviderId: 'idp1',
        issuer: 'https://i1',
        jwksUrl: 'https://i1/jwks',
      },
    }),
  ),
  adminPlan(planCreateUser({ user: { id: 'u1' } })),
];

const plansArbitrary = fc
  .array(planArbitrary, { minLength: 5, maxLength: 60 })
  .map((plans) => [...setup, ...plans]);

/** Runs the plans as the writer would: a rejected one leaves no record and no trace. */
function runLive(plans: readonly Plan[]): { state: ParticipantState; journal: JournalEntry[] } {
  const state = createParticipantState(participantId);
  const journal: JournalEntry[] = [];
  plans.forEach((plan, index) => {
    const before = snapshot(state);
    try {
      const record = plan(state, index + 1);
      applyParticipantRecord(state, record);
      journal.push(record);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      expect(snapshot(state)).toEqual(before);
    }
  });
  return { state, journal };
}

function snapshot(state: ParticipantState) {
  const sorted = <TValue>(map: Map<string, TValue>) =>
    [...map.entries()].sort(([left], [right]) => (left < right ? -1 : 1));
  return {
    parties: sorted(state.parties),
    users: sorted(state.users),
    identityProviders: sorted(state.identityProviders),
  };
}

describe('participant state', () => {
  test.prop([plansArbitrary], { numRuns: 200 })(
    'replaying the journaled records (through JSON) rebuilds the identical state',
    (plans) => {
      const { state, journal } = runLive(plans);
      const replayed = createParticipantState(participantId);
      for (const record of JSON.parse(JSON.stringify(journal)) as JournalEntry[]) {
        applyParticipantRecord(replayed, record);
      }
      expect(snapshot(replayed)).toEqual(snapshot(state));
    },
  );

  test.prop([plansArbitrary], { numRuns: 100 })(
    'keeps rights distinct and resource versions numeric whatever the requests',
    (plans) => {
      const { state } = runLive(plans);
      for (const user of state.users.values()) {
        const keys = user.rights.map(rightKey);
        expect(new Set(keys).size).toBe(keys.length);
        expect(user.metadata.resourceVersion).toMatch(/^[0-9]+$/);
      }
      for (const entry of state.parties.values()) {
        expect(entry.localMetadata.resourceVersion).toMatch(/^[0-9]+$/);
      }
    },
  );

  test.prop([plansArbitrary], { numRuns: 50 })(
    'ignores admin records of other owners sharing the journal',
    (plans) => {
      const { state, journal } = runLive(plans);
      const replayed = createParticipantState(participantId);
      for (const record of journal) {
        applyParticipantRecord(replayed, {
          type: 'admin',
          recordTime: '2025-01-01T00:00:00.000000Z',
          change: { kind: 'package.uploaded', packageId: 'p' },
        });
        applyParticipantRecord(replayed, record);
      }
      expect(snapshot(replayed)).toEqual(snapshot(state));
    },
  );
});
