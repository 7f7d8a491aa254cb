import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, nodeOfParticipant, type PocketnetNode } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  allocateParty,
  commands,
  createdIds,
  createIou,
  createUser,
  exercise,
  iouTemplate,
  iouTransferTemplate,
  json,
  submitTree,
} from './ledger-fixtures.ts';
import { serveTestNode, type TestNode } from './test-node.ts';

// LocalNet's three participants in one node (issue 22), each behind its own Ledger API: the
// SV's with the validator app beside it, the app-provider's and the app-user's alone.

const nodes: PocketnetNode[] = [];
const served: TestNode[] = [];
afterEach(async () => {
  for (const each of served.splice(0)) await each.close();
  for (const node of nodes.splice(0)) await node.close();
});

async function startLocalNet() {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'sv',
    participants: ['app-provider', 'app-user'],
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });
  nodes.push(node);
  const apis = await Promise.all(
    node.participants.map((participant, index) =>
      serveTestNode(nodeOfParticipant(node, participant), { ledgerApiOnly: index > 0 }),
    ),
  );
  served.push(...apis.slice(1), ...apis.slice(0, 1));
  const [sv, provider, user] = apis;
  if (!sv || !provider || !user) throw new Error('LocalNet has three participants');
  return { sv, provider, user };
}

const participantIdOf = async (api: TestNode) =>
  (await json<{ participantId: string }>(await api.call('/v2/parties/participant-id')))
    .participantId;

/**
 * The Ious active on `api`'s participant, read for any party (by a user allowed to), with the
 * parties that see them there.
 */
async function activeIous(api: TestNode) {
  const user = { id: 'any-party-reader', primaryParty: '' };
  const rights = [{ kind: { CanReadAsAnyParty: { value: {} } } }];
  await json(await api.call('/v2/users', { body: { user, rights } }));
  const { offset } = await json<{ offset: number }>(await api.call('/v2/state/ledger-end'));
  const wildcard = { cumulative: [{ identifierFilter: { WildcardFilter: { value: {} } } }] };
  const response = await api.call('/v2/state/active-contracts', {
    user: user.id,
    body: { eventFormat: { filtersForAnyParty: wildcard, verbose: false }, activeAtOffset: offset },
  });
  type Entry = {
    contractEntry: {
      JsActiveContract?: {
        createdEvent: { createArgument: { owner: string }; witnessParties: string[] };
      };
    };
  };
  return (await json<Entry[]>(response)).flatMap(({ contractEntry }) => {
    const event = contractEntry.JsActiveContract?.createdEvent;
    return event ? [{ owner: event.createArgument.owner, witnesses: event.witnessParties }] : [];
  });
}

describe('LocalNet participants behind their own Ledger APIs', () => {
  it('answer each with its own participant id', async () => {
    const { sv, provider, user } = await startLocalNet();
    const ids = await Promise.all([sv, provider, user].map(participantIdOf));
    expect(new Set(ids).size).toBe(3);
    expect(ids.map((id) => id.split('::')[0])).toEqual(['sv', 'app-provider', 'app-user']);
  });

  it("refuse a user another participant knows, and serve no validator app beside the SV's", async () => {
    const { sv, provider, user } = await startLocalNet();
    const alice = await allocateParty(user, 'alice');
    await createUser(user, 'alice-user', [alice]);
    expect((await user.call('/v2/state/ledger-end', { user: 'alice-user' })).status).toBe(200);
    const refused = await provider.call('/v2/state/ledger-end', { user: 'alice-user' });
    expect(refused.status).toBe(403);
    // Canton redacts the reason of a denial (PERMISSION_DENIED is gRPC code 7).
    expect(await refused.json()).toMatchObject({ grpcCodeValue: 7 });
    expect((await sv.call('/api/scan/version')).status).toBe(200);
    expect((await provider.call('/api/scan/version')).status).toBe(404);
  });

  it('show a transfer from an app-user party to an app-provider party to each side on its own participant', async () => {
    const { sv, provider, user } = await startLocalNet();
    const alice = await allocateParty(user, 'alice');
    await createUser(user, 'alice-user', [alice]);
    const bob = await allocateParty(provider, 'bob');
    await createUser(provider, 'bob-user', [bob]);
    const issued = await submitTree(
      user,
      'alice-user',
      commands([alice], [createIou(alice, alice, '10.0')]),
    );
    const [iou = ''] = createdIds(issued.transactionTree);
    const offered = await submitTree(
      user,
      'alice-user',
      commands([alice], [exercise(iouTemplate, iou, 'Iou_Transfer', { newOwner: bob })]),
    );
    const [offer = ''] = createdIds(offered.transactionTree);
    await submitTree(
      provider,
      'bob-user',
      commands([bob], [exercise(iouTransferTemplate, offer, 'IouTransfer_Accept', {})]),
    );
    expect(await activeIous(provider)).toEqual([{ owner: bob, witnesses: [bob] }]);
    expect(await activeIous(user)).toEqual([{ owner: bob, witnesses: [alice] }]);
    expect(await activeIous(sv)).toEqual([]);
  });
});
