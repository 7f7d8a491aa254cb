import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { interactiveErrorCases, interactiveValidCases } from './interactive-operation-cases.ts';
import { type Answer, type Exchange, ledgerEnd, send } from './ledger-calls.ts';
import { commands, createIou, exercise, iouTemplate, wildcardFor } from './ledger-fixtures.ts';
import { type LedgerFixture, fixtureUsers as users } from './ledger-operation-fixture.ts';
import { type OperationKey, valuesOf } from './spec-operations.ts';

/**
 * One valid request per operation of the 3.5 Ledger API (outside the excluded families), with
 * what its answer must say, and one request per operation that fails the documented way.
 */
export type OperationCase = {
  /** Builds the request; may first prepare what it needs (a user to delete). */
  readonly request: (fixture: LedgerFixture) => Promise<Exchange> | Exchange;
  /** 200 unless the operation answers a documented error on this node. */
  readonly status?: number;
  readonly code?: string;
  readonly outcome?: (
    answer: Answer,
    fixture: LedgerFixture,
    sent: Exchange,
  ) => void | Promise<void>;
};

export type ErrorCase = OperationCase & {
  readonly status: number;
  /** A text/plain 400 (a body that does not decode) rather than a JsCantonError. */
  readonly plain?: true;
};

const mask = (...paths: string[]) => ({ paths, unknownFields: { fields: {} } });
const acsDelta = (party: string) => ({
  includeTransactions: {
    eventFormat: wildcardFor(party),
    transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  },
});
const enc = encodeURIComponent;
const idle = 'stream_idle_timeout_ms=50';
const unknownUpdateId = `1220${'ab'.repeat(32)}`;
const unknownContractId = `00${'cd'.repeat(32)}ca1212${'ef'.repeat(32)}`;
// Splice's token-standard Holding API: a real DAR, small enough to upload in every run.
const darBytes = readFileSync(
  new URL('../../../shared/dars/splice-api-token-holding-v1-1.0.0.dar', import.meta.url),
);

const reassignment = (f: LedgerFixture) => ({
  reassignmentCommands: {
    commandId: f.unique('reassign'),
    submitter: f.alice,
    commands: [
      {
        command: {
          UnassignCommand: {
            value: { contractId: f.bobIouId, source: 'global-domain', target: 'other-domain' },
          },
        },
      },
    ],
  },
});

const iouCommands = (f: LedgerFixture, amount: string) =>
  commands([f.bank, f.alice], [createIou(f.bank, f.alice, amount)]);

const historyIds = (f: LedgerFixture) => [
  f.created.updateId,
  f.offered.updateId,
  f.accepted.updateId,
];

const post = (path: string, body: unknown, user?: string | null): Exchange => ({
  method: 'post',
  path,
  body,
  ...(user === undefined ? {} : { user }),
});
const get = (path: string, user?: string | null): Exchange => ({
  method: 'get',
  path,
  ...(user === undefined ? {} : { user }),
});

const commandCases: Partial<Record<OperationKey, OperationCase>> = {
  'POST /v2/commands/submit-and-wait': {
    request: (f) => post('/v2/commands/submit-and-wait', iouCommands(f, '1'), users.desk),
    outcome: async (answer, f) => {
      expect(answer.body).toEqual({
        updateId: expect.stringMatching(/^1220[0-9a-f]{64}$/),
        completionOffset: await ledgerEnd(f.node),
      });
    },
  },
  'POST /v2/commands/submit-and-wait-for-transaction': {
    request: (f) =>
      post(
        '/v2/commands/submit-and-wait-for-transaction',
        {
          commands: iouCommands(f, '2'),
          transactionFormat: acsDelta(f.alice).includeTransactions,
        },
        users.desk,
      ),
    outcome: (answer) => {
      expect(valuesOf(answer.body, 'amount')).toEqual(['2.0000000000']);
      expect(answer.body).toHaveProperty('transaction.events.0.CreatedEvent.witnessParties');
    },
  },
  'POST /v2/commands/submit-and-wait-for-reassignment': {
    // Alice's user may act as alice; the source named is no synchronizer of the node.
    request: (f) =>
      post('/v2/commands/submit-and-wait-for-reassignment', reassignment(f), users.alice),
    status: 400,
    code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
  },
  'POST /v2/commands/submit-and-wait-for-transaction-tree': {
    request: (f) =>
      post('/v2/commands/submit-and-wait-for-transaction-tree', iouCommands(f, '3'), users.desk),
    outcome: (answer) => {
      expect(valuesOf(answer.body, 'amount')).toEqual(['3.0000000000']);
      expect(answer.body).toHaveProperty('transactionTree.eventsById.0.CreatedTreeEvent');
    },
  },
  'POST /v2/commands/async/submit': {
    request: (f) => post('/v2/commands/async/submit', iouCommands(f, '4'), users.desk),
    outcome: async (answer, f) => {
      expect(answer.body).toEqual({});
      const completions = await send(f.node, {
        method: 'post',
        path: `/v2/commands/completions?${idle}`,
        body: { parties: [f.alice], beginExclusive: (await ledgerEnd(f.node)) - 1 },
        user: users.desk,
      });
      expect(valuesOf(completions.body, 'updateId')).toHaveLength(1);
    },
  },
  'POST /v2/commands/async/submit-reassignment': {
    request: (f) => post('/v2/commands/async/submit-reassignment', reassignment(f), users.alice),
    status: 400,
    code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
  },
  'POST /v2/commands/completions': {
    request: (f) =>
      post(
        `/v2/commands/completions?${idle}`,
        { parties: [f.alice], beginExclusive: 0 },
        users.alice,
      ),
    outcome: (answer, f) => {
      // alice-user submitted the offer, and only its own completions are shown.
      expect(valuesOf(answer.body, 'updateId')).toEqual([f.offered.updateId]);
      expect(valuesOf(answer.body, 'userId')).toEqual([users.alice]);
    },
  },
};

const readCases: Partial<Record<OperationKey, OperationCase>> = {
  'POST /v2/events/events-by-contract-id': {
    request: (f) =>
      post(
        '/v2/events/events-by-contract-id',
        { contractId: f.iouId, eventFormat: wildcardFor(f.alice) },
        users.alice,
      ),
    outcome: (answer, f) => {
      expect(answer.body).toHaveProperty('created.createdEvent.contractId', f.iouId);
      expect(answer.body).toHaveProperty('archived.archivedEvent.offset', f.offered.offset);
    },
  },
  'POST /v2/state/active-contracts': {
    request: async (f) =>
      post(
        '/v2/state/active-contracts',
        { activeAtOffset: await ledgerEnd(f.node), eventFormat: wildcardFor(f.bob) },
        users.bob,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'contractId')).toEqual([f.bobIouId]),
  },
  'GET /v2/state/active-contracts-page': {
    request: (f) => ({
      method: 'get',
      path: '/v2/state/active-contracts-page',
      body: { eventFormat: wildcardFor(f.bob), maxPageSize: 10 },
      user: users.bob,
    }),
    outcome: async (answer, f) => {
      expect(valuesOf(answer.body, 'contractId')).toEqual([f.bobIouId]);
      expect(answer.body).toHaveProperty('activeAtOffset', await ledgerEnd(f.node));
    },
  },
  'GET /v2/state/connected-synchronizers': {
    request: () => get('/v2/state/connected-synchronizers'),
    outcome: (answer) =>
      expect(valuesOf(answer.body, 'synchronizerId')).toEqual([
        expect.stringMatching(/^global-domain::1220[0-9a-f]{64}$/),
      ]),
  },
  'GET /v2/state/ledger-end': {
    request: () => get('/v2/state/ledger-end'),
    outcome: (answer, f) =>
      expect((answer.body as { offset: number }).offset).toBeGreaterThanOrEqual(f.accepted.offset),
  },
  'GET /v2/state/latest-pruned-offsets': {
    request: () => get('/v2/state/latest-pruned-offsets'),
    outcome: (answer) =>
      expect(answer.body).toEqual({
        participantPrunedUpToInclusive: 0,
        allDivulgedContractsPrunedUpToInclusive: 0,
      }),
  },
  'POST /v2/updates': {
    request: (f) =>
      post(
        `/v2/updates?${idle}`,
        { beginExclusive: 0, endInclusive: f.accepted.offset, updateFormat: acsDelta(f.alice) },
        users.alice,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'updateId')).toEqual(historyIds(f)),
  },
  'POST /v2/updates/flats': {
    request: (f) =>
      post(
        `/v2/updates/flats?${idle}`,
        {
          beginExclusive: 0,
          endInclusive: f.accepted.offset,
          filter: wildcardFor(f.alice),
          verbose: false,
        },
        users.alice,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'updateId')).toEqual(historyIds(f)),
  },
  'POST /v2/updates/trees': {
    request: (f) =>
      post(
        `/v2/updates/trees?${idle}`,
        { beginExclusive: 0, endInclusive: f.accepted.offset, filter: wildcardFor(f.bob) },
        users.bob,
      ),
    // bob witnesses the offer (an observer) and the accept, not alice's Iou.
    outcome: (answer, f) =>
      expect(valuesOf(answer.body, 'updateId')).toEqual([f.offered.updateId, f.accepted.updateId]),
  },
  'GET /v2/updates/transaction-tree-by-offset/{offset}': {
    request: (f) =>
      get(
        `/v2/updates/transaction-tree-by-offset/${f.offered.offset}?parties=${enc(f.alice)}`,
        users.alice,
      ),
    outcome: (answer, f) => {
      expect(answer.body).toHaveProperty('transaction.updateId', f.offered.updateId);
      expect(valuesOf(answer.body, 'choice')).toEqual(['Iou_Transfer']);
    },
  },
  'POST /v2/updates/transaction-by-offset': {
    request: (f) =>
      post(
        '/v2/updates/transaction-by-offset',
        { offset: f.created.offset, requestingParties: [f.alice] },
        users.alice,
      ),
    outcome: (answer, f) =>
      expect(answer.body).toHaveProperty('transaction.updateId', f.created.updateId),
  },
  'POST /v2/updates/update-by-offset': {
    request: (f) =>
      post(
        '/v2/updates/update-by-offset',
        { offset: f.accepted.offset, updateFormat: acsDelta(f.bob) },
        users.bob,
      ),
    outcome: (answer, f) => {
      expect(answer.body).toHaveProperty('update.Transaction.value.updateId', f.accepted.updateId);
      expect(valuesOf(answer.body, 'contractId')).toEqual([f.transferId, f.bobIouId]);
    },
  },
  'POST /v2/updates/transaction-by-id': {
    request: (f) =>
      post(
        '/v2/updates/transaction-by-id',
        { updateId: f.created.updateId, requestingParties: [f.bank] },
        users.desk,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'contractId')).toEqual([f.iouId]),
  },
  'POST /v2/updates/update-by-id': {
    request: (f) =>
      post(
        '/v2/updates/update-by-id',
        { updateId: f.offered.updateId, updateFormat: acsDelta(f.bob) },
        users.bob,
      ),
    // In the ACS delta bob sees only the offer made to him, not alice's Iou being archived.
    outcome: (answer, f) => expect(valuesOf(answer.body, 'contractId')).toEqual([f.transferId]),
  },
  'GET /v2/updates/transaction-tree-by-id/{update-id}': {
    request: (f) =>
      get(
        `/v2/updates/transaction-tree-by-id/${f.accepted.updateId}?parties=${enc(f.bob)}`,
        users.bob,
      ),
    outcome: (answer) => expect(valuesOf(answer.body, 'choice')).toEqual(['IouTransfer_Accept']),
  },
  'POST /v2/updates/get-updates-page': {
    request: (f) =>
      post(
        '/v2/updates/get-updates-page',
        {
          beginOffsetExclusive: 0,
          endOffsetInclusive: f.accepted.offset,
          updateFormat: acsDelta(f.alice),
        },
        users.alice,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'updateId')).toEqual(historyIds(f)),
  },
  'POST /v2/contracts/contract-by-id': {
    request: (f) =>
      post(
        '/v2/contracts/contract-by-id',
        { contractId: f.bobIouId, queryingParties: [f.bob] },
        users.bob,
      ),
    outcome: (answer, f) => {
      expect(answer.body).toHaveProperty('createdEvent.contractId', f.bobIouId);
      expect(answer.body).toHaveProperty('createdEvent.createArgument.owner', f.bob);
    },
  },
};

const packageCases: Partial<Record<OperationKey, OperationCase>> = {
  'GET /v2/version': {
    request: () => get('/v2/version', null),
    outcome: (answer) => expect(answer.body).toHaveProperty('version', '3.4.12'),
  },
  'POST /v2/dars/validate': {
    request: () => post('/v2/dars/validate', darBytes),
    outcome: (answer) => expect(answer.text).toBe(''),
  },
  'POST /v2/dars': {
    request: () => post('/v2/dars?vetAllPackages=true', darBytes),
    outcome: (answer) => expect(answer.body).toEqual({}),
  },
  'POST /v2/packages': {
    request: () => post('/v2/packages', darBytes),
    outcome: (answer) => expect(answer.body).toEqual({}),
  },
  'GET /v2/packages': {
    request: () => get('/v2/packages', users.bob),
    outcome: (answer, f) =>
      expect((answer.body as { packageIds: string[] }).packageIds).toContain(f.packageId),
  },
  'GET /v2/packages/{package-id}': {
    request: (f) => get(`/v2/packages/${f.packageId}`, users.bob),
    outcome: (answer) => expect(answer.text.length).toBeGreaterThan(0),
  },
  'GET /v2/packages/{package-id}/status': {
    request: (f) => get(`/v2/packages/${f.packageId}/status`, users.bob),
    outcome: (answer) =>
      expect(answer.body).toEqual({ packageStatus: 'PACKAGE_STATUS_REGISTERED' }),
  },
  'GET /v2/package-vetting': {
    request: () => ({ method: 'get', path: '/v2/package-vetting', body: {} }),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'packageId')).toContain(f.packageId),
  },
  'POST /v2/package-vetting': {
    request: (f) =>
      post('/v2/package-vetting', {
        changes: [{ operation: { Vet: { value: { packages: [{ packageId: f.packageId }] } } } }],
        dryRun: true,
      }),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'packageId')).toContain(f.packageId),
  },
  'POST /v2/package-vetting/list': {
    request: () =>
      post('/v2/package-vetting/list', {
        packageMetadataFilter: { packageNamePrefixes: ['pocketnet-'] },
      }),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'packageId')).toEqual([f.packageId]),
  },
  'POST /v2/package-vetting/update': {
    request: (f) =>
      post('/v2/package-vetting/update', {
        changes: [{ operation: { Vet: { value: { packages: [{ packageId: f.packageId }] } } } }],
        dryRun: true,
      }),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'packageId')).toContain(f.packageId),
  },
  'GET /v2/interactive-submission/preferred-package-version': {
    request: (f) =>
      get(
        `/v2/interactive-submission/preferred-package-version?package-name=pocketnet-examples&parties=${enc(f.alice)}`,
        users.alice,
      ),
    outcome: (answer, f) =>
      expect(answer.body).toHaveProperty('packagePreference.packageReference', {
        packageId: f.packageId,
        packageName: 'pocketnet-examples',
        packageVersion: '1.0.0',
      }),
  },
  'POST /v2/interactive-submission/preferred-packages': {
    request: (f) =>
      post(
        '/v2/interactive-submission/preferred-packages',
        {
          packageVettingRequirements: [{ parties: [f.alice], packageName: 'pocketnet-examples' }],
        },
        users.alice,
      ),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'packageId')).toEqual([f.packageId]),
  },
  'GET /livez': {
    request: () => get('/livez', null),
  },
  'GET /readyz': {
    request: () => get('/readyz', null),
  },
};

const partyCases: Partial<Record<OperationKey, OperationCase>> = {
  'GET /v2/parties': {
    request: () => get('/v2/parties?pageSize=10'),
    outcome: (answer, f) =>
      expect(valuesOf(answer.body, 'party')).toEqual(
        expect.arrayContaining([f.alice, f.bank, f.bob]),
      ),
  },
  'POST /v2/parties': {
    request: (f) => post('/v2/parties', { partyIdHint: f.unique('every-op') }),
    outcome: (answer) =>
      expect(answer.body).toHaveProperty(
        'partyDetails.party',
        expect.stringMatching(/^every-op-\d+::1220[0-9a-f]{64}$/),
      ),
  },
  'GET /v2/parties/participant-id': {
    request: () => get('/v2/parties/participant-id'),
    outcome: (answer) =>
      expect(answer.body).toEqual({
        participantId: expect.stringMatching(/^participant1::1220[0-9a-f]{64}$/),
      }),
  },
  'GET /v2/parties/{party}': {
    request: (f) => get(`/v2/parties/${enc(f.alice)}?parties=${enc(f.bob)}`),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'party')).toEqual([f.alice, f.bob]),
  },
  'PATCH /v2/parties/{party}': {
    request: (f) => ({
      method: 'patch',
      path: `/v2/parties/${enc(f.bob)}`,
      body: {
        partyDetails: { party: f.bob, localMetadata: { annotations: { 'example.com/kyc': 'ok' } } },
        updateMask: mask('local_metadata.annotations'),
      },
    }),
    outcome: (answer) =>
      expect(answer.body).toHaveProperty('partyDetails.localMetadata.annotations', {
        'example.com/kyc': 'ok',
      }),
  },
};

const userCases: Partial<Record<OperationKey, OperationCase>> = {
  'GET /v2/users': {
    request: () => get('/v2/users?pageSize=100'),
    outcome: (answer) =>
      expect(valuesOf(answer.body, 'id')).toEqual(
        expect.arrayContaining(['participant_admin', users.desk, users.alice]),
      ),
  },
  'POST /v2/users': {
    request: (f) =>
      post('/v2/users', {
        user: { id: f.unique('every-op-user'), primaryParty: f.alice },
        rights: [{ kind: { CanReadAs: { value: { party: f.alice } } } }],
      }),
    outcome: (answer, f) =>
      expect(answer.body).toMatchObject({
        user: { primaryParty: f.alice, metadata: { resourceVersion: '0' } },
      }),
  },
  'GET /v2/users/{user-id}': {
    request: () => get(`/v2/users/${users.alice}`),
    outcome: (answer, f) =>
      expect(answer.body).toMatchObject({ user: { id: users.alice, primaryParty: f.alice } }),
  },
  'DELETE /v2/users/{user-id}': {
    request: async (f) => {
      const doomed = f.unique('doomed');
      await send(f.node, { method: 'post', path: '/v2/users', body: { user: { id: doomed } } });
      return { method: 'delete', path: `/v2/users/${doomed}` };
    },
    outcome: async (answer, f, sent) => {
      expect(answer.body).toEqual({});
      const after = await send(f.node, { method: 'get', path: sent.path });
      expect(after.status).toBe(404);
    },
  },
  'PATCH /v2/users/{user-id}': {
    request: (f) => ({
      method: 'patch',
      path: `/v2/users/${users.bob}`,
      body: {
        user: { id: users.bob, primaryParty: f.bob, metadata: { annotations: { team: 'blue' } } },
        updateMask: mask('metadata.annotations'),
      },
    }),
    outcome: (answer) =>
      expect(answer.body).toMatchObject({
        user: { id: users.bob, metadata: { annotations: { team: 'blue' } } },
      }),
  },
  'GET /v2/authenticated-user': {
    request: () => get('/v2/authenticated-user', users.bob),
    outcome: (answer, f) =>
      expect(answer.body).toMatchObject({ user: { id: users.bob, primaryParty: f.bob } }),
  },
  'GET /v2/users/{user-id}/rights': {
    request: () => get(`/v2/users/${users.alice}/rights`, users.alice),
    outcome: (answer, f) =>
      expect(answer.body).toEqual({
        rights: [{ kind: { CanActAs: { value: { party: f.alice } } } }],
      }),
  },
  'POST /v2/users/{user-id}/rights': {
    request: (f) =>
      post(`/v2/users/${users.rightsTarget}/rights`, {
        userId: users.rightsTarget,
        rights: [
          { kind: { CanReadAs: { value: { party: f.bank } } } },
          { kind: { CanReadAs: { value: { party: f.alice } } } },
        ],
      }),
    // rights-target already reads as alice: only bank is newly granted.
    outcome: (answer, f) =>
      expect(answer.body).toEqual({
        newlyGrantedRights: [{ kind: { CanReadAs: { value: { party: f.bank } } } }],
      }),
  },
  'PATCH /v2/users/{user-id}/rights': {
    request: (f) => ({
      method: 'patch',
      path: `/v2/users/${users.rightsTarget}/rights`,
      body: {
        userId: users.rightsTarget,
        rights: [
          { kind: { CanReadAs: { value: { party: f.alice } } } },
          { kind: { CanActAs: { value: { party: f.alice } } } },
        ],
      },
    }),
    outcome: (answer, f) =>
      expect(answer.body).toEqual({
        newlyRevokedRights: [{ kind: { CanReadAs: { value: { party: f.alice } } } }],
      }),
  },
  'PATCH /v2/users/{user-id}/identity-provider-id': {
    request: (f) => ({
      method: 'patch',
      path: `/v2/users/${users.mover}/identity-provider-id`,
      body: {
        userId: users.mover,
        sourceIdentityProviderId: '',
        targetIdentityProviderId: f.idpId,
      },
    }),
    outcome: async (answer, f) => {
      expect(answer.body).toEqual({});
      const moved = await send(f.node, {
        method: 'get',
        path: `/v2/users/${users.mover}?identity-provider-id=${f.idpId}`,
      });
      expect(moved.body).toHaveProperty('user.identityProviderId', f.idpId);
    },
  },
};

const idpCases: Partial<Record<OperationKey, OperationCase>> = {
  'GET /v2/idps': {
    request: () => get('/v2/idps'),
    outcome: (answer, f) => expect(valuesOf(answer.body, 'identityProviderId')).toContain(f.idpId),
  },
  'POST /v2/idps': {
    request: (f) => {
      const id = f.unique('new-idp');
      return post('/v2/idps', {
        identityProviderConfig: {
          identityProviderId: id,
          issuer: `https://${id}.example.com`,
          jwksUrl: `https://${id}.example.com/jwks`,
          audience: 'aud',
        },
      });
    },
    outcome: (answer) =>
      expect(answer.body).toMatchObject({
        identityProviderConfig: { isDeactivated: false, audience: 'aud' },
      }),
  },
  'GET /v2/idps/{idp-id}': {
    request: (f) => get(`/v2/idps/${f.idpId}`),
    outcome: (answer, f) =>
      expect(answer.body).toMatchObject({
        identityProviderConfig: {
          identityProviderId: f.idpId,
          issuer: `https://${f.idpId}.example.com`,
        },
      }),
  },
  'DELETE /v2/idps/{idp-id}': {
    request: async (f) => {
      const id = f.unique('doomed-idp');
      const created = await send(f.node, {
        method: 'post',
        path: '/v2/idps',
        body: {
          identityProviderConfig: {
            identityProviderId: id,
            issuer: `https://${id}.example.com`,
            jwksUrl: `https://${id}.example.com/jwks`,
          },
        },
      });
      expect(created.status).toBe(200);
      return { method: 'delete', path: `/v2/idps/${id}` };
    },
    outcome: async (answer, f, sent) => {
      expect(answer.body).toEqual({});
      const after = await send(f.node, { method: 'get', path: sent.path });
      expect(after.body).toHaveProperty('code', 'IDP_CONFIG_NOT_FOUND');
    },
  },
  'PATCH /v2/idps/{idp-id}': {
    request: (f) => ({
      method: 'patch',
      path: `/v2/idps/${f.idpId}`,
      body: {
        identityProviderConfig: {
          identityProviderId: f.idpId,
          issuer: '',
          jwksUrl: '',
          audience: 'patched-audience',
        },
        updateMask: mask('audience'),
      },
    }),
    outcome: (answer, f) =>
      expect(answer.body).toMatchObject({
        identityProviderConfig: {
          audience: 'patched-audience',
          issuer: `https://${f.idpId}.example.com`,
        },
      }),
  },
};

export const validCases: Partial<Record<OperationKey, OperationCase>> = {
  ...commandCases,
  ...readCases,
  ...packageCases,
  ...partyCases,
  ...userCases,
  ...idpCases,
  ...interactiveValidCases,
};

const malformed = '{"this is": not json';

/** One failing request per operation that has a way to fail: an unknown id, a bad body. */
export const errorCases: Partial<Record<OperationKey, ErrorCase>> = {
  'POST /v2/commands/submit-and-wait': {
    request: (f) =>
      post(
        '/v2/commands/submit-and-wait',
        commands(
          [f.alice],
          [exercise(iouTemplate, unknownContractId, 'Iou_Transfer', { newOwner: f.bob })],
        ),
        users.alice,
      ),
    status: 404,
    code: 'CONTRACT_NOT_FOUND',
  },
  'POST /v2/commands/submit-and-wait-for-transaction': {
    request: (f) =>
      post(
        '/v2/commands/submit-and-wait-for-transaction',
        { transactionFormat: acsDelta(f.alice).includeTransactions },
        users.alice,
      ),
    status: 400,
    plain: true,
  },
  'POST /v2/commands/submit-and-wait-for-transaction-tree': {
    request: () => post('/v2/commands/submit-and-wait-for-transaction-tree', malformed),
    status: 400,
    plain: true,
  },
  'POST /v2/commands/async/submit': {
    request: (f) =>
      post(
        '/v2/commands/async/submit',
        commands(
          [f.alice],
          [{ CreateCommand: { templateId: '#pocketnet-examples:Iou:Nope', createArguments: {} } }],
        ),
        users.alice,
      ),
    status: 404,
    code: 'TEMPLATES_OR_INTERFACES_NOT_FOUND',
  },
  'POST /v2/commands/submit-and-wait-for-reassignment': {
    request: () =>
      post('/v2/commands/submit-and-wait-for-reassignment', { reassignmentCommands: [] }),
    status: 400,
    plain: true,
  },
  'POST /v2/commands/async/submit-reassignment': {
    request: () => post('/v2/commands/async/submit-reassignment', { reassignmentCommands: 7 }),
    status: 400,
    plain: true,
  },
  'POST /v2/commands/completions': {
    request: (f) => post(`/v2/commands/completions?${idle}`, { parties: f.alice }, users.alice),
    status: 400,
    plain: true,
  },
  'POST /v2/events/events-by-contract-id': {
    request: (f) =>
      post(
        '/v2/events/events-by-contract-id',
        { contractId: unknownContractId, eventFormat: wildcardFor(f.alice) },
        users.alice,
      ),
    status: 404,
    code: 'CONTRACT_EVENTS_NOT_FOUND',
  },
  'POST /v2/contracts/contract-by-id': {
    request: (f) =>
      post(
        '/v2/contracts/contract-by-id',
        { contractId: f.bobIouId, queryingParties: [f.alice] },
        users.alice,
      ),
    status: 404,
    code: 'CONTRACT_NOT_FOUND',
  },
  'GET /v2/packages/{package-id}': {
    request: () => get(`/v2/packages/${'0'.repeat(64)}`),
    status: 404,
    code: 'PACKAGE_NOT_FOUND',
  },
  'GET /v2/package-vetting': {
    request: () => ({ method: 'get', path: '/v2/package-vetting', body: malformed }),
    status: 400,
    plain: true,
  },
  'POST /v2/package-vetting/list': {
    request: () => post('/v2/package-vetting/list', { pageSize: 'ten' }),
    status: 400,
    plain: true,
  },
  'GET /v2/interactive-submission/preferred-package-version': {
    request: () =>
      get('/v2/interactive-submission/preferred-package-version?package-name=no-such-package'),
    status: 200,
    outcome: (answer) => expect(answer.body).toEqual({}),
  },
  'POST /v2/interactive-submission/preferred-packages': {
    request: (f) =>
      post('/v2/interactive-submission/preferred-packages', {
        packageVettingRequirements: [{ parties: [f.alice], packageName: 'no-such-package' }],
      }),
    status: 400,
    outcome: (answer) => expect(answer.body).toHaveProperty('grpcCodeValue', 9),
  },
  'GET /v2/parties': {
    request: () => get('/v2/parties?pageToken=not!a!token'),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/parties': {
    request: () => post('/v2/parties', malformed),
    status: 400,
    plain: true,
  },
  'GET /v2/parties/{party}': {
    request: () => get(`/v2/parties/${enc('alice!')}`),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'PATCH /v2/parties/{party}': {
    request: () => {
      const party = `ghost::1220${'12'.repeat(32)}`;
      return {
        method: 'patch',
        path: `/v2/parties/${enc(party)}`,
        body: {
          partyDetails: { party, localMetadata: { annotations: { a: 'b' } } },
          updateMask: mask('local_metadata.annotations'),
        },
      };
    },
    status: 404,
    code: 'PARTY_NOT_FOUND',
  },
  'POST /v2/state/active-contracts': {
    request: (f) =>
      post('/v2/state/active-contracts', { eventFormat: wildcardFor(f.bob) }, users.bob),
    status: 400,
    plain: true,
  },
  'GET /v2/state/active-contracts-page': {
    request: () => ({
      method: 'get',
      path: '/v2/state/active-contracts-page',
      body: { maxPageSize: 10 },
      user: users.bob,
    }),
    status: 400,
    plain: true,
  },
  'POST /v2/updates': {
    request: (f) =>
      post(
        `/v2/updates?${idle}`,
        { beginExclusive: 1_000_000, updateFormat: acsDelta(f.alice) },
        users.alice,
      ),
    status: 400,
    code: 'OFFSET_AFTER_LEDGER_END',
  },
  'POST /v2/updates/flats': {
    request: () => post(`/v2/updates/flats?${idle}`, { beginExclusive: 0, filter: 'alice' }),
    status: 400,
    plain: true,
  },
  'POST /v2/updates/trees': {
    request: (f) =>
      post(
        `/v2/updates/trees?${idle}`,
        { beginExclusive: -1, filter: wildcardFor(f.alice) },
        users.alice,
      ),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'GET /v2/updates/transaction-tree-by-offset/{offset}': {
    request: (f) =>
      get(`/v2/updates/transaction-tree-by-offset/999999?parties=${enc(f.alice)}`, users.alice),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'POST /v2/updates/transaction-by-offset': {
    // bob is no stakeholder of alice's Iou: the update does not exist for him.
    request: (f) =>
      post(
        '/v2/updates/transaction-by-offset',
        { offset: f.created.offset, requestingParties: [f.bob] },
        users.bob,
      ),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'POST /v2/updates/update-by-offset': {
    request: (f) =>
      post(
        '/v2/updates/update-by-offset',
        { offset: 999_999, updateFormat: acsDelta(f.alice) },
        users.alice,
      ),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'POST /v2/updates/transaction-by-id': {
    request: (f) =>
      post(
        '/v2/updates/transaction-by-id',
        { updateId: unknownUpdateId, requestingParties: [f.alice] },
        users.alice,
      ),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'POST /v2/updates/update-by-id': {
    request: (f) =>
      post(
        '/v2/updates/update-by-id',
        { updateId: unknownUpdateId, updateFormat: acsDelta(f.alice) },
        users.alice,
      ),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'GET /v2/updates/transaction-tree-by-id/{update-id}': {
    request: (f) =>
      get(
        `/v2/updates/transaction-tree-by-id/${unknownUpdateId}?parties=${enc(f.alice)}`,
        users.alice,
      ),
    status: 404,
    code: 'UPDATE_NOT_FOUND',
  },
  'POST /v2/updates/get-updates-page': {
    request: () => post('/v2/updates/get-updates-page', { beginOffsetExclusive: 0 }),
    status: 400,
    plain: true,
  },
  'GET /v2/users': {
    request: () => get('/v2/users?pageToken=not!a!token'),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/users': {
    request: () => post('/v2/users', { user: { id: users.alice } }),
    status: 409,
    code: 'USER_ALREADY_EXISTS',
  },
  'GET /v2/users/{user-id}': {
    request: () => get('/v2/users/nobody-at-all'),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'DELETE /v2/users/{user-id}': {
    request: () => ({ method: 'delete', path: '/v2/users/nobody-at-all' }),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'PATCH /v2/users/{user-id}': {
    request: () => ({
      method: 'patch',
      path: '/v2/users/nobody-at-all',
      body: {
        user: { id: 'nobody-at-all', metadata: { annotations: { a: 'b' } } },
        updateMask: mask('metadata.annotations'),
      },
    }),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'GET /v2/users/{user-id}/rights': {
    request: () => get('/v2/users/nobody-at-all/rights'),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'POST /v2/users/{user-id}/rights': {
    request: (f) =>
      post('/v2/users/nobody-at-all/rights', {
        userId: 'nobody-at-all',
        rights: [{ kind: { CanReadAs: { value: { party: f.alice } } } }],
      }),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'PATCH /v2/users/{user-id}/rights': {
    request: () => ({ method: 'patch', path: '/v2/users/x/rights', body: malformed }),
    status: 400,
    plain: true,
  },
  'PATCH /v2/users/{user-id}/identity-provider-id': {
    request: (f) => ({
      method: 'patch',
      path: '/v2/users/nobody-at-all/identity-provider-id',
      body: {
        userId: 'nobody-at-all',
        sourceIdentityProviderId: '',
        targetIdentityProviderId: f.idpId,
      },
    }),
    status: 404,
    code: 'USER_NOT_FOUND',
  },
  'POST /v2/idps': {
    request: (f) =>
      post('/v2/idps', {
        identityProviderConfig: {
          identityProviderId: f.idpId,
          issuer: 'https://another-issuer.example.com',
          jwksUrl: 'https://another-issuer.example.com/jwks',
        },
      }),
    status: 409,
    code: 'IDP_CONFIG_ALREADY_EXISTS',
  },
  'GET /v2/idps/{idp-id}': {
    request: () => get('/v2/idps/no-such-idp'),
    status: 404,
    code: 'IDP_CONFIG_NOT_FOUND',
  },
  'DELETE /v2/idps/{idp-id}': {
    request: () => ({ method: 'delete', path: '/v2/idps/no-such-idp' }),
    status: 404,
    code: 'IDP_CONFIG_NOT_FOUND',
  },
  'PATCH /v2/idps/{idp-id}': {
    request: () => ({
      method: 'patch',
      path: '/v2/idps/no-such-idp',
      body: {
        identityProviderConfig: { identityProviderId: 'no-such-idp', issuer: '', jwksUrl: '' },
        updateMask: mask('is_deactivated'),
      },
    }),
    status: 404,
    code: 'IDP_CONFIG_NOT_FOUND',
  },
  ...interactiveErrorCases,
};
