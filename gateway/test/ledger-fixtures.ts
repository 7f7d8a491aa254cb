import type { TestNode } from './test-node.ts';

export const iouTemplate = '#pocketnet-examples:Iou:Iou';
export const iouTransferTemplate = '#pocketnet-examples:Iou:IouTransfer';
export const assetInterface = '#pocketnet-examples:Iou:Asset';

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Allocates a party through the API and returns its id. */
export async function allocateParty(node: TestNode, hint: string): Promise<string> {
  const body = await json<{ partyDetails: { party: string } }>(
    await node.call('/v2/parties', { body: { partyIdHint: hint } }),
  );
  return body.partyDetails.party;
}

/** Creates a user with act-as rights on `actAs` (the first is its primary party) and read-as on `readAs`. */
export async function createUser(
  node: TestNode,
  userId: string,
  actAs: readonly string[],
  readAs: readonly string[] = [],
): Promise<void> {
  const rights = [
    ...actAs.map((party) => ({ kind: { CanActAs: { value: { party } } } })),
    ...readAs.map((party) => ({ kind: { CanReadAs: { value: { party } } } })),
  ];
  const user = { id: userId, primaryParty: actAs[0] ?? '' };
  await json(await node.call('/v2/users', { body: { user, rights } }));
}

let commandCounter = 0;

export function commands(actAs: string[], list: unknown[], extra: Record<string, unknown> = {}) {
  commandCounter += 1;
  return { commands: list, commandId: `cmd-${commandCounter}-${Date.now()}`, actAs, ...extra };
}

export const createIou = (
  issuer: string,
  owner: string,
  amount: string,
  observers: string[] = [],
) => ({
  CreateCommand: {
    templateId: iouTemplate,
    createArguments: { issuer, owner, currency: 'USD', amount, observers },
  },
});

export const exercise = (
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: unknown,
) => ({
  ExerciseCommand: { templateId, contractId, choice, choiceArgument },
});

type TreeEvent = {
  CreatedTreeEvent?: {
    value: { contractId: string; templateId: string; createArgument: Record<string, unknown> };
  };
  ExercisedTreeEvent?: { value: { contractId: string; choice: string; exerciseResult: unknown } };
};

/** Contract ids created by a transaction tree, in node order. */
export function createdIds(tree: { eventsById: Record<string, TreeEvent> }): string[] {
  return Object.entries(tree.eventsById)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, event]) =>
      event.CreatedTreeEvent ? [event.CreatedTreeEvent.value.contractId] : [],
    );
}

/** Submits as `user` and waits for the transaction tree. */
export async function submitTree(node: TestNode, user: string, body: unknown) {
  const response = await node.call('/v2/commands/submit-and-wait-for-transaction-tree', {
    user,
    body,
  });
  return json<{
    transactionTree: { updateId: string; offset: number; eventsById: Record<string, TreeEvent> };
  }>(response);
}

export const wildcardFor = (...parties: string[]) => ({
  filtersByParty: Object.fromEntries(parties.map((party) => [party, { cumulative: [] }])),
});
