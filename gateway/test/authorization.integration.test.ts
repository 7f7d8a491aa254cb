import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badTokensFor, goodTokenFor } from './bad-tokens.ts';
import {
  type Answer,
  type Exchange,
  expectRedactedDenial,
  expectRedactedUnauthenticated,
  ledgerEnd,
  send,
  streamOverWebSocket,
} from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser, wildcardFor } from './ledger-fixtures.ts';
import { type LedgerFixture, setUpLedgerFixture } from './ledger-operation-fixture.ts';
import { type OperationCase, validCases } from './ledger-operation-table.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { type OperationKey, valuesOf } from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const roles = {
  actor: 'auth-actor',
  reader: 'auth-reader',
  nobody: 'auth-nobody',
  admin: 'participant_admin',
  idpAdmin: 'auth-idp-admin',
  anyReader: 'auth-any-reader',
} as const;
type Role = keyof typeof roles;
const allRoles = Object.keys(roles) as Role[];

let node: TestNode;
let fixture: LedgerFixture;
/** The party the actor acts for and the reader reads for. */
let party: string;
/** A party none of the roles has a right for. */
let other: string;

const grant = (kind: string, value: Record<string, string> = {}) => ({
  kind: { [kind]: { value } },
});

beforeAll(async () => {
  node = await startTestNode();
  fixture = await setUpLedgerFixture(node);
  party = await allocateParty(node, 'auth-party');
  other = await allocateParty(node, 'auth-other');
  await createUser(node, roles.actor, [party]);
  await createUser(node, roles.reader, [], [party]);
  await createUser(node, roles.nobody, []);
  for (const [role, right] of [
    ['idpAdmin', 'IdentityProviderAdmin'],
    ['anyReader', 'CanReadAsAnyParty'],
  ] as const) {
    const created = await send(node, {
      method: 'post',
      path: '/v2/users',
      body: { user: { id: roles[role] }, rights: [grant(right)] },
    });
    expect(created.status).toBe(200);
  }
});
afterAll(() => node.close());

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

/** A user participant_admin creates for an operation to act on. */
async function throwawayUser(): Promise<string> {
  const id = unique('throwaway');
  const created = await send(node, { method: 'post', path: '/v2/users', body: { user: { id } } });
  expect(created.status).toBe(200);
  return id;
}

const acsFor = async (filter: unknown): Promise<Exchange> => ({
  method: 'post',
  path: '/v2/state/active-contracts',
  body: { activeAtOffset: await ledgerEnd(node), eventFormat: filter },
});
const updatesFor = (filter: unknown): Exchange => ({
  method: 'post',
  path: '/v2/updates?stream_idle_timeout_ms=20',
  body: {
    beginExclusive: 0,
    updateFormat: {
      includeTransactions: { eventFormat: filter, transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA' },
    },
  },
});
const anyParty = { filtersForAnyParty: { cumulative: [] } };

type Guarded = {
  readonly request: (role: Role) => Promise<Exchange> | Exchange;
  readonly allowed: readonly Role[];
  /** Commits to the ledger when allowed: a refusal must leave the ledger end where it was. */
  readonly writes?: true;
  /** What a refusal must not have done (the user must not exist, …). */
  readonly unchanged?: (sent: Exchange) => Promise<void>;
};

const submitAs =
  (submitter: () => string): Guarded['request'] =>
  () => ({
    method: 'post',
    path: '/v2/commands/submit-and-wait',
    body: commands([submitter()], [createIou(submitter(), submitter(), '1')]),
  });

/** A refused create leaves no user behind; a refused delete leaves the user in place. */
const userUntouched = async (sent: Exchange) => {
  const id =
    (sent.body as { user?: { id?: string } } | undefined)?.user?.id ?? sent.path.split('/')[3];
  const lookup = await send(node, { method: 'get', path: `/v2/users/${id}` });
  expect(lookup.status).toBe(sent.method === 'delete' ? 200 : 404);
};

const anotherUser = (role: Role) => (role === 'nobody' ? roles.actor : roles.nobody);

const matrix: Record<string, Guarded> = {
  'submit a command as its party': {
    request: submitAs(() => party),
    allowed: ['actor'],
    writes: true,
  },
  'submit a command as another party': {
    request: submitAs(() => other),
    allowed: [],
    writes: true,
  },
  'read the active contracts of its party': {
    request: () => acsFor(wildcardFor(party)),
    allowed: ['actor', 'reader', 'anyReader'],
  },
  'read the active contracts of another party': {
    request: () => acsFor(wildcardFor(other)),
    allowed: ['anyReader'],
  },
  'read the active contracts of any party': {
    request: () => acsFor(anyParty),
    allowed: ['anyReader'],
  },
  'read the updates of its party': {
    request: () => updatesFor(wildcardFor(party)),
    allowed: ['actor', 'reader', 'anyReader'],
  },
  'read the updates of another party': {
    request: () => updatesFor(wildcardFor(other)),
    allowed: ['anyReader'],
  },
  'read the updates of any party': { request: () => updatesFor(anyParty), allowed: ['anyReader'] },
  'allocate a party': {
    request: () => ({ method: 'post', path: '/v2/parties', body: { partyIdHint: unique('p') } }),
    allowed: ['admin', 'idpAdmin'],
    writes: true,
  },
  'create a user': {
    request: () => ({ method: 'post', path: '/v2/users', body: { user: { id: unique('new') } } }),
    allowed: ['admin', 'idpAdmin'],
    unchanged: userUntouched,
  },
  'list the users': {
    request: () => ({ method: 'get', path: '/v2/users' }),
    allowed: ['admin', 'idpAdmin'],
  },
  'get another user': {
    request: (role) => ({ method: 'get', path: `/v2/users/${anotherUser(role)}` }),
    allowed: ['admin', 'idpAdmin'],
  },
  'delete a user': {
    request: async () => ({ method: 'delete', path: `/v2/users/${await throwawayUser()}` }),
    allowed: ['admin', 'idpAdmin'],
    unchanged: userUntouched,
  },
  'grant a user a right': {
    request: async () => {
      const target = await throwawayUser();
      return {
        method: 'post',
        path: `/v2/users/${target}/rights`,
        body: { userId: target, rights: [grant('CanReadAs', { party })] },
      };
    },
    allowed: ['admin', 'idpAdmin'],
    unchanged: async (sent) => {
      const rights = await send(node, { method: 'get', path: sent.path });
      expect(rights.body).toEqual({ rights: [] });
    },
  },
  'get its own user': {
    request: (role) => ({ method: 'get', path: `/v2/users/${roles[role]}` }),
    allowed: allRoles,
  },
  'list its own rights': {
    request: (role) => ({ method: 'get', path: `/v2/users/${roles[role]}/rights` }),
    allowed: allRoles,
  },
  'list another user’s rights': {
    request: (role) => ({ method: 'get', path: `/v2/users/${anotherUser(role)}/rights` }),
    allowed: ['admin', 'idpAdmin'],
  },
  'create an identity provider': {
    request: () => {
      const id = unique('auth-idp');
      const issuer = `https://${id}.example.com`;
      return {
        method: 'post',
        path: '/v2/idps',
        body: {
          identityProviderConfig: { identityProviderId: id, issuer, jwksUrl: `${issuer}/jwks` },
        },
      };
    },
    allowed: ['admin'],
  },
  'list the identity providers': {
    request: () => ({ method: 'get', path: '/v2/idps' }),
    allowed: ['admin'],
  },
  'list the packages': {
    request: () => ({ method: 'get', path: '/v2/packages' }),
    allowed: allRoles,
  },
};

const cells = Object.entries(matrix).flatMap(([operation, guarded]) =>
  allRoles.map(
    (role) => [role, guarded.allowed.includes(role) ? 'may' : 'may not', operation] as const,
  ),
);

describe('the authorization matrix', () => {
  it.each(cells)('a user with the %s role %s %s', async (role, verdict, operation) => {
    const guarded = matrix[operation];
    if (!guarded) throw new Error(`no operation ${operation}`);
    const sent = { ...(await guarded.request(role)), user: roles[role] };
    const before = await ledgerEnd(node);
    const answer = await send(node, sent);
    if (verdict === 'may') {
      expect(answer.status, answer.text).toBe(200);
      if (guarded.writes) expect(await ledgerEnd(node)).toBe(before + 1);
      return;
    }
    expectRedactedDenial(answer);
    expectMatchesSpec({
      spec: 'ledger',
      method: sent.method,
      path: sent.path,
      status: 403,
      body: answer.body,
    });
    expect(await ledgerEnd(node)).toBe(before);
    await guarded.unchanged?.(sent);
  });

  it('shows a reader only the contracts of the parties it may read', async () => {
    const answer = await send(node, { ...(await acsFor(anyParty)), user: roles.anyReader });
    expect(valuesOf(answer.body, 'contractId')).toContain(fixture.bobIouId);
    const own = await send(node, { ...(await acsFor(wildcardFor(party))), user: roles.reader });
    expect(valuesOf(own.body, 'contractId')).not.toContain(fixture.bobIouId);
  });

  it('refuses a deactivated user everything, and its submission changes nothing', async () => {
    const id = unique('deactivated');
    await createUser(node, id, [party]);
    const patched = await send(node, {
      method: 'patch',
      path: `/v2/users/${id}`,
      body: {
        user: { id, isDeactivated: true },
        updateMask: { paths: ['is_deactivated'], unknownFields: { fields: {} } },
      },
    });
    expect(patched.body).toHaveProperty('user.isDeactivated', true);
    const before = await ledgerEnd(node);
    expectRedactedDenial(await send(node, { ...(await submitAs(() => party)('actor')), user: id }));
    expectRedactedDenial(
      await send(node, { method: 'get', path: '/v2/authenticated-user', user: id }),
    );
    expect(await ledgerEnd(node)).toBe(before);
  });
});

describe('reading for a party without a right over the Ledger API WebSockets', () => {
  it.each([
    ['/v2/updates', () => ({ beginExclusive: 0, filter: wildcardFor(other) })],
    ['/v2/updates/flats', () => ({ beginExclusive: 0, filter: wildcardFor(other) })],
    [
      '/v2/state/active-contracts',
      async () => ({
        activeAtOffset: await ledgerEnd(node),
        eventFormat: wildcardFor(other),
      }),
    ],
  ] as const)('%s answers a redacted denial and streams nothing', async (path, request) => {
    const result = await streamOverWebSocket(node, {
      path,
      user: roles.reader,
      request: await request(),
    });
    expect(result.closedByServer).toBe(true);
    expect(result.messages).toEqual([
      expect.objectContaining({ code: 'NA', grpcCodeValue: 7, errorCategory: -1 }),
    ]);
  });
});

describe('rights only a participant administrator may hand out', () => {
  const escalations: Array<[string, Record<string, unknown>]> = [
    ['ParticipantAdmin', grant('ParticipantAdmin')],
    ['CanReadAsAnyParty', grant('CanReadAsAnyParty')],
    ['CanExecuteAsAnyParty', grant('CanExecuteAsAnyParty')],
  ];

  it.each(escalations)('refuses an identity provider admin granting %s', async (_name, right) => {
    const target = await throwawayUser();
    const answer = await send(node, {
      method: 'post',
      path: `/v2/users/${target}/rights`,
      body: { userId: target, rights: [right] },
      user: roles.idpAdmin,
    });
    expectRedactedDenial(answer);
  });

  it('refuses an identity provider admin creating a user with ParticipantAdmin', async () => {
    const answer = await send(node, {
      method: 'post',
      path: '/v2/users',
      body: { user: { id: unique('escalated') }, rights: [grant('ParticipantAdmin')] },
      user: roles.idpAdmin,
    });
    expectRedactedDenial(answer);
  });

  it('lets a participant admin grant ParticipantAdmin', async () => {
    const target = await throwawayUser();
    const answer = await send(node, {
      method: 'post',
      path: `/v2/users/${target}/rights`,
      body: { userId: target, rights: [grant('ParticipantAdmin')] },
    });
    expect(answer.body).toEqual({ newlyGrantedRights: [grant('ParticipantAdmin')] });
  });

  it('refuses an identity provider admin moving a user to another identity provider', async () => {
    const target = await throwawayUser();
    const answer = await send(node, {
      method: 'patch',
      path: `/v2/users/${target}/identity-provider-id`,
      body: {
        userId: target,
        sourceIdentityProviderId: '',
        targetIdentityProviderId: fixture.idpId,
      },
      user: roles.idpAdmin,
    });
    expectRedactedDenial(answer);
  });

  it('refuses the participant id to a user without ParticipantAdmin', async () => {
    const answer = await send(node, {
      method: 'get',
      path: '/v2/parties/participant-id',
      user: roles.nobody,
    });
    expectRedactedDenial(answer);
  });
});

// Public by design: the version and the health endpoints answer anyone.
const publicOperations = new Set<OperationKey>(['GET /v2/version', 'GET /livez', 'GET /readyz']);
const guarded = (Object.entries(validCases) as Array<[OperationKey, OperationCase]>).filter(
  ([key]) => !publicOperations.has(key),
);

async function answerWith(operation: OperationCase, credentials: Partial<Exchange>) {
  const before = await ledgerEnd(node);
  const sent = await operation.request(fixture);
  const answer = await send(node, { ...sent, ...credentials });
  return { answer, before, after: await ledgerEnd(node) };
}

const expectUnauthenticated = ({
  answer,
  before,
  after,
}: {
  answer: Answer;
  before: number;
  after: number;
}) => {
  expectRedactedUnauthenticated(answer);
  expect(after).toBe(before);
};

describe('every operation without a valid token', () => {
  it.each(guarded)(
    '%s answers 401 without a token and changes nothing',
    async (_key, operation) => {
      expectUnauthenticated(await answerWith(operation, { token: null }));
    },
  );

  it.each(guarded)(
    '%s answers 403 to a token for a user that does not exist',
    async (_key, operation) => {
      const { answer, before, after } = await answerWith(operation, { user: 'no-such-user' });
      expectRedactedDenial(answer);
      expect(after).toBe(before);
    },
  );
});

const badTokens = badTokensFor(roles.admin);

describe('tokens that must not verify', () => {
  it.each(badTokens)(
    '%s is refused with 401 and a submission changes nothing',
    async (_name, mint) => {
      const token = await mint();
      const before = await ledgerEnd(node);
      const submit = await send(node, { ...(await submitAs(() => party)('actor')), token });
      expectRedactedUnauthenticated(submit);
      expectMatchesSpec({
        spec: 'ledger',
        method: 'post',
        path: '/v2/commands/submit-and-wait',
        status: 401,
        body: submit.body,
      });
      const allocate = await send(node, {
        method: 'post',
        path: '/v2/parties',
        body: { partyIdHint: unique('never') },
        token,
      });
      expectRedactedUnauthenticated(allocate);
      const users = await send(node, { method: 'get', path: '/v2/users', token });
      expectRedactedUnauthenticated(users);
      expect(await ledgerEnd(node)).toBe(before);
    },
  );

  it('accepts the same claims when properly signed, so the refusals are about the token', async () => {
    const token = await goodTokenFor(roles.admin);
    const answer = await send(node, { method: 'get', path: '/v2/authenticated-user', token });
    expect(answer.body).toHaveProperty('user.id', roles.admin);
  });
});
