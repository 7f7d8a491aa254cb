import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithUsers, type ValidatorNode } from './validator-fixtures.ts';

// Every Scan, scan-proxy and validator route that takes a party id in its path or query (and
// the wallet and external-party routes that take one in their body): a string that is no
// party id is a 400 saying so, as Splice answers what PartyId.tryFromProtoPrimitive refuses; a
// well-formed party nobody knows is what Splice answers for it (404 where it has nothing).

const invalid = 'non-existent-party-id';
const unknown = `nobody::1220${'ab'.repeat(32)}`;

type Call = { method?: string; path: string; user?: string | null; body?: unknown };
type Row = {
  readonly name: string;
  readonly call: (party: string) => Call;
  /** The answer for a well-formed party nobody knows; null where the body decides. */
  readonly unknown: { status: number; body?: unknown } | null;
};

const scan = (path: string): Call => ({ path: `/api/scan${path}`, user: null });
const proxy = (path: string): Call => ({ path: `/api/validator/v0/scan-proxy${path}` });
const admin = (path: string, method = 'GET'): Call => ({
  path: `/api/validator${path}`,
  method,
  user: 'administrator',
});
const wallet = (path: string, body: Record<string, unknown>): Call => ({
  path: `/api/validator${path}`,
  user: 'alice',
  body,
});
const notFound = { status: 404 };
/** A transfer offer's or a token-standard transfer's body (the same fields). */
const transferTo = (receiver: string) => ({
  receiver_party_id: receiver,
  amount: '1',
  description: 'x',
  expires_at: 4_102_444_800_000_000,
  tracking_id: 'party-check',
});

describe('party ids in paths and queries', () => {
  let net: ValidatorNode;
  let synchronizerId = '';
  let alice = '';

  beforeAll(async () => {
    ({ net, alice } = await startWithUsers('alice'));
    synchronizerId = net.node.node.identity.synchronizerId;
  });
  afterAll(() => net.node.close());

  const rows = (): Row[] => [
    {
      name: 'scan featured app',
      call: (p) => scan(`/v0/featured-apps/${p}`),
      unknown: { status: 200, body: {} },
    },
    {
      name: 'scan featured apps by provider',
      call: (p) => scan(`/v0/featured-apps/by-provider/${p}`),
      unknown: { status: 200, body: { featured_apps: [] } },
    },
    {
      name: 'scan ANS entry by party',
      call: (p) => scan(`/v0/ans-entries/by-party/${p}`),
      unknown: notFound,
    },
    {
      name: 'scan transfer preapproval',
      call: (p) => scan(`/v0/transfer-preapprovals/by-party/${p}`),
      unknown: notFound,
    },
    {
      name: 'scan transfer command counter',
      call: (p) => scan(`/v0/transfer-command-counter/${p}`),
      unknown: notFound,
    },
    {
      name: 'scan transfer command status',
      call: (p) => scan(`/v0/transfer-command/status?sender=${p}&nonce=0`),
      unknown: notFound,
    },
    {
      name: 'scan validator faucets',
      call: (p) => scan(`/v0/validators/validator-faucets?validator_ids=${p}`),
      unknown: { status: 200, body: { validatorsReceivedFaucets: [] } },
    },
    {
      name: 'scan participant id v0',
      call: (p) => scan(`/v0/domains/${synchronizerId}/parties/${p}/participant-id`),
      unknown: notFound,
    },
    {
      name: 'scan participant ids v1',
      call: (p) => scan(`/v1/domains/${synchronizerId}/parties/${p}/participant-id`),
      unknown: notFound,
    },
    { name: 'scan ACS of a party', call: (p) => scan(`/v0/acs/${p}`), unknown: null },
    {
      name: 'proxy featured app',
      call: (p) => proxy(`/featured-apps/${p}`),
      unknown: { status: 200, body: {} },
    },
    {
      name: 'proxy ANS entry by party',
      call: (p) => proxy(`/ans-entries/by-party/${p}`),
      unknown: notFound,
    },
    {
      name: 'proxy transfer preapproval',
      call: (p) => proxy(`/transfer-preapprovals/by-party/${p}`),
      unknown: notFound,
    },
    {
      name: 'proxy transfer command counter',
      call: (p) => proxy(`/transfer-command-counter/${p}`),
      unknown: notFound,
    },
    {
      name: 'proxy transfer command status',
      call: (p) => proxy(`/transfer-command/status?sender=${p}&nonce=0`),
      unknown: notFound,
    },
    {
      name: 'admin transfer preapproval',
      call: (p) => admin(`/v0/admin/transfer-preapprovals/by-party/${p}`),
      unknown: notFound,
    },
    {
      name: 'admin transfer preapproval cancel',
      call: (p) => admin(`/v0/admin/transfer-preapprovals/by-party/${p}`, 'DELETE'),
      unknown: notFound,
    },
    {
      name: 'admin external-party balance',
      call: (p) => admin(`/v0/admin/external-party/balance?party_id=${p}`),
      unknown: notFound,
    },
    {
      name: 'admin external-party setup proposal',
      call: (p) => ({
        ...admin('/v0/admin/external-party/setup-proposal', 'POST'),
        body: { user_party_id: p },
      }),
      unknown: null,
    },
    {
      name: 'wallet transfer offer',
      call: (p) => wallet('/v0/wallet/transfer-offers', transferTo(p)),
      unknown: null,
    },
    {
      name: 'wallet preapproval send',
      call: (p) =>
        wallet('/v0/wallet/transfer-preapproval/send', {
          receiver_party_id: p,
          amount: '1',
          deduplication_id: 'party-check',
        }),
      unknown: null,
    },
    {
      name: 'wallet token-standard transfer',
      call: (p) => wallet('/v0/wallet/token-standard/transfers', transferTo(p)),
      unknown: null,
    },
  ];

  const send = async ({ method, path, user, body }: Call) => {
    const response = await net.node.call(path, {
      ...(method ? { method } : {}),
      ...(user === undefined ? {} : { user }),
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };

  it('answers 400 naming the value for a string that is no party id, on every such route', async () => {
    for (const row of rows()) {
      const answer = await send(row.call(invalid));
      expect([row.name, answer.status]).toEqual([row.name, 400]);
      expect([row.name, answer.body]).toEqual([
        row.name,
        { error: expect.stringMatching(/non-existent-party-id/) },
      ]);
      expect(answer.body.error, row.name).toMatch(/part/i);
    }
  });

  it('answers a well-formed party nobody knows as Splice does: 404 where there is nothing', async () => {
    for (const row of rows()) {
      if (row.unknown === null) continue;
      const answer = await send(row.call(unknown));
      expect([row.name, answer.status]).toEqual([row.name, row.unknown.status]);
      if (row.unknown.body !== undefined) {
        expect([row.name, answer.body]).toEqual([row.name, row.unknown.body]);
      } else {
        expect([row.name, answer.body]).toEqual([row.name, { error: expect.any(String) }]);
      }
    }
    // A known party still answers: alice's empty balance.
    const balance = await send(admin(`/v0/admin/external-party/balance?party_id=${alice}`));
    expect(balance).toMatchObject({ status: 200, body: { total_coin_holdings: '0.0000000000' } });
  });
});
