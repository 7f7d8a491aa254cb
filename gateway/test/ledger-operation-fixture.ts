import { send } from './ledger-calls.ts';
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
import type { TestNode } from './test-node.ts';

/**
 * A small ledger every operation can be called against: three parties, users for them, an
 * identity provider, and an Iou that bank issued to alice, alice offered to bob, and bob took.
 */
export type LedgerFixture = {
  readonly node: TestNode;
  readonly bank: string;
  readonly alice: string;
  readonly bob: string;
  readonly packageId: string;
  /** alice's Iou, archived when she offered it to bob. */
  readonly iouId: string;
  /** The offer, archived when bob accepted it. */
  readonly transferId: string;
  /** bob's Iou, active. */
  readonly bobIouId: string;
  readonly created: { readonly updateId: string; readonly offset: number };
  readonly offered: { readonly updateId: string; readonly offset: number };
  readonly accepted: { readonly updateId: string; readonly offset: number };
  readonly idpId: string;
  /** Unique names for resources a test creates. */
  unique(prefix: string): string;
};

/** Users of the fixture: `desk` acts as bank and alice, each other user as its one party. */
export const fixtureUsers = {
  desk: 'desk',
  alice: 'alice-user',
  bob: 'bob-user',
  /** Holds CanReadAs(alice), revoked by the revoke-rights case. */
  rightsTarget: 'rights-target',
  /** Moved to the fixture's identity provider by the identity-provider-id case. */
  mover: 'idp-mover',
} as const;

export async function createIdentityProvider(node: TestNode, idpId: string): Promise<void> {
  const issuer = `https://${idpId}.example.com`;
  const answer = await send(node, {
    method: 'post',
    path: '/v2/idps',
    body: {
      identityProviderConfig: { identityProviderId: idpId, issuer, jwksUrl: `${issuer}/jwks` },
    },
  });
  if (answer.status !== 200) throw new Error(`creating ${idpId}: ${answer.text}`);
}

async function transact(node: TestNode, user: string, body: unknown) {
  const { transactionTree } = await submitTree(node, user, body);
  const ids = createdIds(transactionTree);
  return { updateId: transactionTree.updateId, offset: transactionTree.offset, ids };
}

async function issueAndTransfer(node: TestNode, bank: string, alice: string, bob: string) {
  const created = await transact(
    node,
    fixtureUsers.desk,
    commands([bank, alice], [createIou(bank, alice, '100')]),
  );
  const [iouId = ''] = created.ids;
  const offered = await transact(
    node,
    fixtureUsers.alice,
    commands([alice], [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })]),
  );
  const [transferId = ''] = offered.ids;
  const accepted = await transact(
    node,
    fixtureUsers.bob,
    commands([bob], [exercise(iouTransferTemplate, transferId, 'IouTransfer_Accept', {})]),
  );
  const [bobIouId = ''] = accepted.ids;
  return { iouId, transferId, bobIouId, created, offered, accepted };
}

export async function setUpLedgerFixture(node: TestNode): Promise<LedgerFixture> {
  const bank = await allocateParty(node, 'bank');
  const alice = await allocateParty(node, 'alice');
  const bob = await allocateParty(node, 'bob');
  await createUser(node, fixtureUsers.desk, [bank, alice]);
  await createUser(node, fixtureUsers.alice, [alice]);
  await createUser(node, fixtureUsers.bob, [bob]);
  await createUser(node, fixtureUsers.rightsTarget, [], [alice]);
  await createUser(node, fixtureUsers.mover, []);
  const idpId = 'fixture-idp';
  await createIdentityProvider(node, idpId);
  const { packageIds } = await json<{ packageIds: string[] }>(await node.call('/v2/packages'));
  const history = await issueAndTransfer(node, bank, alice, bob);
  let counter = 0;
  return {
    node,
    bank,
    alice,
    bob,
    packageId: packageIds[0] ?? '',
    idpId,
    ...history,
    created: { updateId: history.created.updateId, offset: history.created.offset },
    offered: { updateId: history.offered.updateId, offset: history.offered.offset },
    accepted: { updateId: history.accepted.updateId, offset: history.accepted.offset },
    unique(prefix) {
      counter += 1;
      return `${prefix}-${counter}`;
    },
  };
}
