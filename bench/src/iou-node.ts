import { createWallClock } from '@pocketnet/ledger';
import { createNode, type PocketnetNode, unrestrictedCaller } from '@pocketnet/runtime';
import type { IouParties } from './iou-commands.ts';
import { nodeNames } from './iou-engine.ts';

export type IouNode = IouParties & {
  readonly node: PocketnetNode;
  /** A user with act-as rights for Bank, Alice and Bob, as an HTTP client would log in. */
  readonly userId: string;
};

export function openNode(dataDir: string | null): Promise<PocketnetNode> {
  return createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir,
    clock: createWallClock(),
    participantName: nodeNames.participant,
    synchronizerName: nodeNames.synchronizer,
    ledgerApiVersion: '3.4.12',
  });
}

/** A real node (bus, projections, services) with Bank, Alice, Bob and a user acting as them. */
export async function startIouNode(dataDir: string | null): Promise<IouNode> {
  const node = await openNode(dataDir);
  const allocate = async (partyIdHint: string) =>
    (await node.admin.allocateParty(unrestrictedCaller, { partyIdHint })).party;
  const parties = {
    bank: await allocate('Bank'),
    alice: await allocate('Alice'),
    bob: await allocate('Bob'),
  };
  const userId = 'bench-user';
  await node.admin.createUser(unrestrictedCaller, {
    user: { id: userId, primaryParty: parties.alice },
    rights: Object.values(parties).map((party) => ({ kind: 'CanActAs' as const, party })),
  });
  return { node, userId, ...parties };
}
