import { exercise, json } from './ledger-fixtures.ts';
import {
  activeContracts,
  type CreatedEvent,
  latestOpenRound,
  onlyContract,
  type Payload,
  type SpliceNode,
  spliceIds,
  submitRaw,
  templateFilter,
  units,
} from './splice-fixtures.ts';

// Splice choices as a wallet submits them over the Ledger API, and what their transactions hold.

export type TreeEvent = {
  CreatedTreeEvent?: { value: CreatedEvent & { nodeId: number } };
  ExercisedTreeEvent?: {
    value: {
      nodeId: number;
      contractId: string;
      templateId: string;
      choice: string;
      consuming: boolean;
      exerciseResult: Payload;
      witnessParties: string[];
    };
  };
};

export type Tree = { updateId: string; offset: number; eventsById: Record<string, TreeEvent> };

/** Submits and waits for the transaction tree; throws with the error body on a refusal. */
export async function submitTree(
  net: SpliceNode,
  request: Parameters<typeof submitRaw>[1],
  extra: Record<string, unknown> = {},
): Promise<Tree> {
  const response = await submitRaw(net, request, extra);
  return (await json<{ transactionTree: Tree }>(response)).transactionTree;
}

const eventsOf = (tree: Tree) =>
  Object.entries(tree.eventsById)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, event]) => event);

/** The result of the tree's first (root) exercise. */
export function rootResult<T = Payload>(tree: Tree): T {
  const root = eventsOf(tree).find((event) => event.ExercisedTreeEvent);
  if (!root?.ExercisedTreeEvent) throw new Error('no exercise in the transaction');
  return root.ExercisedTreeEvent.value.exerciseResult as T;
}

/** Contracts a tree created, of a template given as `#pkg:Module:Entity` (matched on Module:Entity). */
export function createdIn(tree: Tree, reference: string): CreatedEvent[] {
  const entity = reference.slice(reference.indexOf(':') + 1);
  return eventsOf(tree).flatMap((event) =>
    event.CreatedTreeEvent?.value.templateId.endsWith(`:${entity}`)
      ? [event.CreatedTreeEvent.value]
      : [],
  );
}

/** Contract ids a tree archived (consuming exercises). */
export function archivedIn(tree: Tree): string[] {
  return eventsOf(tree).flatMap((event) =>
    event.ExercisedTreeEvent?.value.consuming ? [event.ExercisedTreeEvent.value.contractId] : [],
  );
}

export async function amuletRulesId(net: SpliceNode): Promise<string> {
  return (await onlyContract(net, spliceIds.amuletRules)).contractId;
}

/** Exercises a choice of AmuletRules as `user` acting as `actAs`, reading as the DSO. */
export async function rulesChoice(
  net: SpliceNode,
  request: { user: string; actAs: string[]; choice: string; argument: unknown },
): Promise<Response> {
  const rules = await amuletRulesId(net);
  return submitRaw(net, {
    user: request.user,
    actAs: request.actAs,
    commands: [exercise(spliceIds.amuletRules, rules, request.choice, request.argument)],
  });
}

/** AmuletRules_DevNet_Tap for the user's own party at the latest open round; the new amulet. */
export async function tap(net: SpliceNode, user: string, party: string, amount: string) {
  const openRound = (await latestOpenRound(net)).contractId;
  const response = await rulesChoice(net, {
    user,
    actAs: [party],
    choice: 'AmuletRules_DevNet_Tap',
    argument: { receiver: party, amount, openRound },
  });
  const tree = (await json<{ transactionTree: Tree }>(response)).transactionTree;
  const result = rootResult<{ amuletSum: { amulet: string }; meta: { values: Payload } }>(tree);
  return { tree, amulet: result.amuletSum.amulet, meta: result.meta };
}

export const inputAmulet = (contractId: string) => ({ tag: 'InputAmulet', value: contractId });

/**
 * A TransferOutput without the optional `meta` a newer Splice added: splice-amulet 0.1.20 has
 * no such field and refuses it, and a missing Optional is None for both implementations.
 */
export const output = (receiver: string, amount: string) => ({
  receiver,
  receiverFeeRatio: '0.0',
  amount,
  lock: null,
});

export type TransferContext = {
  openMiningRound: string;
  issuingMiningRounds: unknown[];
  validatorRights: unknown[];
  featuredAppRight: string | null;
};

export async function transferContext(
  net: SpliceNode,
  extra: Partial<TransferContext> = {},
): Promise<TransferContext> {
  return {
    openMiningRound: (await latestOpenRound(net)).contractId,
    issuingMiningRounds: [],
    validatorRights: [],
    featuredAppRight: null,
    ...extra,
  };
}

/** The AmuletRules_Transfer argument: sender, its provider, inputs and outputs. */
export function transferArgument(
  net: SpliceNode,
  transfer: { sender: string; provider?: string; inputs: unknown[]; outputs: unknown[] },
  context: TransferContext,
) {
  return {
    transfer: {
      sender: transfer.sender,
      provider: transfer.provider ?? transfer.sender,
      inputs: transfer.inputs,
      outputs: transfer.outputs,
      beneficiaries: null,
    },
    context,
    expectedDso: net.dso,
  };
}

/** The amulets `user` sees as owned by `owner`: contract id → initial amount in units. */
export async function amuletsOf(net: SpliceNode, user: string, owner: string) {
  const amulets = await activeContracts(net, {
    user,
    party: owner,
    filter: templateFilter(spliceIds.amulet),
  });
  return new Map(
    amulets
      .filter((event) => event.createArgument.owner === owner)
      .map((event) => [
        event.contractId,
        units((event.createArgument.amount as { initialAmount: string }).initialAmount),
      ]),
  );
}

export async function balanceOf(net: SpliceNode, user: string, owner: string): Promise<bigint> {
  return [...(await amuletsOf(net, user, owner)).values()].reduce((sum, x) => sum + x, 0n);
}
