import { exercise, json } from './ledger-fixtures.ts';
import { expectMatchesSpec, type SpecName } from './openapi-validator.ts';
import type { Tree } from './splice-amulet-calls.ts';
import {
  activeContracts,
  type CreatedEvent,
  latestOpenRound,
  type SpliceNode,
  spliceIds,
  submitRaw,
  templateFilter,
} from './splice-fixtures.ts';

// What a wallet gets from the registry (Scan) for a token-standard call: the contracts the
// choice reads, as disclosed contracts with their created-event blobs, and the choice context
// naming them. Scan reads them as the DSO; here a user reading as the DSO stands in for it.

export type Disclosed = {
  templateId: string;
  contractId: string;
  createdEventBlob: string;
  synchronizerId: string;
};

type ContextValue = { tag: 'AV_ContractId'; value: string } | { tag: 'AV_Bool'; value: boolean };

export type RegistryContext = {
  choiceContext: { values: Record<string, ContextValue> };
  disclosed: Disclosed[];
};

/** The DSO-visible contract `contractId` (of any template), with its blob. */
export async function registryContract(
  net: SpliceNode,
  templateId: string,
  contractId?: string,
): Promise<CreatedEvent> {
  const events = await activeContracts(net, {
    user: net.dsoReader,
    party: net.dso,
    filter: templateFilter(templateId),
  });
  const found = contractId ? events.find((event) => event.contractId === contractId) : events[0];
  if (!found) throw new Error(`the registry has no ${templateId} ${contractId ?? ''}`);
  return found;
}

export function disclosure(net: SpliceNode, event: CreatedEvent): Disclosed {
  return {
    templateId: event.templateId,
    contractId: event.contractId,
    createdEventBlob: event.createdEventBlob,
    synchronizerId: net.node.node.identity.synchronizerId,
  };
}

/**
 * Scan's transfer context: AmuletRules and the open round, plus `extra` entries; contract ids
 * are given with the template to disclose them under.
 */
export async function registryContext(
  net: SpliceNode,
  extra: Record<string, boolean | { templateId: string; contractId: string }> = {},
): Promise<RegistryContext> {
  const rules = await registryContract(net, spliceIds.amuletRules);
  const round = await latestOpenRound(net);
  // The newest ExternalPartyConfigState, as Scan's registry adds it: the token-standard steps
  // price from it.
  const configState = (
    await activeContracts(net, {
      user: net.dsoReader,
      party: net.dso,
      filter: templateFilter(spliceIds.externalPartyConfigState),
    })
  ).at(-1);
  if (!configState) throw new Error('the registry has no ExternalPartyConfigState');
  const values: Record<string, ContextValue> = {
    'amulet-rules': { tag: 'AV_ContractId', value: rules.contractId },
    'open-round': { tag: 'AV_ContractId', value: round.contractId },
    'external-party-config-state': { tag: 'AV_ContractId', value: configState.contractId },
  };
  const disclosed = [disclosure(net, rules), disclosure(net, round), disclosure(net, configState)];
  for (const [key, value] of Object.entries(extra)) {
    if (typeof value === 'boolean') {
      values[key] = { tag: 'AV_Bool', value };
      continue;
    }
    values[key] = { tag: 'AV_ContractId', value: value.contractId };
    disclosed.push(
      disclosure(net, await registryContract(net, value.templateId, value.contractId)),
    );
  }
  return { choiceContext: { values }, disclosed };
}

/** Exercises a token-standard interface choice as `user`/`actAs`, with the registry's context. */
export async function tokenStandardChoice(
  net: SpliceNode,
  request: {
    user: string;
    actAs: string;
    interfaceId: string;
    contractId: string;
    choice: string;
    argument: Record<string, unknown>;
    context: RegistryContext;
    disclose?: Disclosed[];
  },
): Promise<Response> {
  const { choiceContext, disclosed } = request.context;
  const argument = {
    ...request.argument,
    extraArgs: { context: choiceContext, meta: { values: {} } },
  };
  return submitRaw(
    net,
    {
      user: request.user,
      actAs: [request.actAs],
      readAs: [],
      commands: [exercise(request.interfaceId, request.contractId, request.choice, argument)],
    },
    { disclosedContracts: [...disclosed, ...(request.disclose ?? [])] },
  );
}

export async function treeOf(response: Response): Promise<Tree> {
  return (await json<{ transactionTree: Tree }>(response)).transactionTree;
}

/** AmuletRules_DevNet_Tap by a user that does not read as the DSO: AmuletRules and the round disclosed. */
export async function tapWithDisclosure(
  net: SpliceNode,
  request: { user: string; party: string; amount: string },
): Promise<string> {
  const context = await registryContext(net);
  const rules = context.choiceContext.values['amulet-rules']?.value;
  const openRound = context.choiceContext.values['open-round']?.value;
  const response = await submitRaw(
    net,
    {
      user: request.user,
      actAs: [request.party],
      readAs: [],
      commands: [
        exercise(spliceIds.amuletRules, String(rules), 'AmuletRules_DevNet_Tap', {
          receiver: request.party,
          amount: request.amount,
          openRound,
        }),
      ],
    },
    { disclosedContracts: context.disclosed },
  );
  const tree = await treeOf(response);
  const created = Object.values(tree.eventsById).find((event) =>
    event.CreatedTreeEvent?.value.templateId.endsWith(':Splice.Amulet:Amulet'),
  );
  if (!created?.CreatedTreeEvent) throw new Error('the tap created no amulet');
  return created.CreatedTreeEvent.value.contractId;
}

// The node's own registry (Scan's `/api/scan/registry`), as a wallet asks it: no token needed.

export type RegistryChoiceContextBody = {
  choiceContextData: { values: Record<string, ContextValue> };
  disclosedContracts: Array<Disclosed & Record<string, unknown>>;
};

/** Calls `/api/scan/registry` + `path`: a POST with `body`, or a GET without one. */
export function registryCall(net: SpliceNode, path: string, body?: unknown): Promise<Response> {
  return net.node.call(`/api/scan/registry${path}`, { user: null, body });
}

/** A registry POST whose answer must match `spec`'s operation; the body of a 200, else throws. */
export async function registryAnswer<T>(
  net: SpliceNode,
  request: { readonly spec: SpecName; readonly path: string; readonly body: unknown },
): Promise<T> {
  const { spec, path, body } = request;
  const response = await registryCall(net, path, body);
  const parsed = await response.json();
  expectMatchesSpec({
    spec,
    method: 'post',
    path: `/registry${path}`,
    status: response.status,
    body: parsed,
  });
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(parsed)}`);
  return parsed as T;
}

/** The registry's answer as tokenStandardChoice takes a context; debug fields go along too. */
export function fromRegistry(body: RegistryChoiceContextBody): RegistryContext {
  return {
    choiceContext: body.choiceContextData,
    disclosed: body.disclosedContracts,
  };
}

/** The registry's choice context for `path` (e.g. `/transfer-instruction/v1/<id>/choice-contexts/accept`). */
export async function registryChoiceContext(
  net: SpliceNode,
  path: string,
): Promise<RegistryContext> {
  return fromRegistry(await json<RegistryChoiceContextBody>(await registryCall(net, path, {})));
}
