import { expect } from 'vitest';
import { commands, createUser, json } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// A devnet node for the Splice flows over the JSON Ledger API: its parties, users that act for
// new parties and read the DSO's contracts, and reads of the active contract set.

const amuletModule = '#splice-amulet:Splice.Amulet';
const roundModule = '#splice-amulet:Splice.Round';
const walletModule = '#splice-wallet:Splice.Wallet';
const transferInstructionModule =
  '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1';

/** Package-name references of the Splice templates and interfaces the tests use. */
export const spliceIds = {
  amulet: `${amuletModule}:Amulet`,
  lockedAmulet: `${amuletModule}:LockedAmulet`,
  validatorRight: `${amuletModule}:ValidatorRight`,
  featuredAppRight: `${amuletModule}:FeaturedAppRight`,
  appRewardCoupon: `${amuletModule}:AppRewardCoupon`,
  featuredAppActivityMarker: `${amuletModule}:FeaturedAppActivityMarker`,
  validatorRewardCoupon: `${amuletModule}:ValidatorRewardCoupon`,
  unclaimedReward: `${amuletModule}:UnclaimedReward`,
  openMiningRound: `${roundModule}:OpenMiningRound`,
  summarizingMiningRound: `${roundModule}:SummarizingMiningRound`,
  issuingMiningRound: `${roundModule}:IssuingMiningRound`,
  closedMiningRound: `${roundModule}:ClosedMiningRound`,
  memberTraffic: '#splice-amulet:Splice.DecentralizedSynchronizer:MemberTraffic',
  amuletRules: '#splice-amulet:Splice.AmuletRules:AmuletRules',
  externalPartyConfigState:
    '#splice-amulet:Splice.ExternalPartyConfigState:ExternalPartyConfigState',
  transferPreapproval: '#splice-amulet:Splice.AmuletRules:TransferPreapproval',
  externalPartyAmuletRules:
    '#splice-amulet:Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules',
  amuletTransferInstruction:
    '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction',
  walletAppInstall: `${walletModule}.Install:WalletAppInstall`,
  transferOffer: `${walletModule}.TransferOffer:TransferOffer`,
  acceptedTransferOffer: `${walletModule}.TransferOffer:AcceptedTransferOffer`,
  transferPreapprovalProposal: `${walletModule}.TransferPreapproval:TransferPreapprovalProposal`,
  holding: '#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding',
  transferFactory: `${transferInstructionModule}:TransferFactory`,
  transferInstruction: `${transferInstructionModule}:TransferInstruction`,
} as const;

export const tickSeconds = 600;

export type Payload = Record<string, unknown>;
export type CreatedEvent = {
  contractId: string;
  templateId: string;
  createArgument: Payload;
  createdEventBlob: string;
  interfaceViews: Array<{ interfaceId: string; viewValue: Payload }>;
  witnessParties: string[];
  signatories: string[];
  observers: string[];
};

export type SpliceNode = {
  readonly node: TestNode;
  readonly dso: string;
  readonly sv: string;
  readonly operator: string;
  /** The user of the validator operator (genesis creates it), also reading as the DSO. */
  readonly operatorUser: string;
  /** A user that reads as the DSO only, as Scan would. */
  readonly dsoReader: string;
};

/** A devnet node; the operator's user `administrator` gets read rights on the DSO too. */
export async function startSpliceNode(): Promise<SpliceNode> {
  const node = await startTestNode({ devnet: true });
  const parties = node.node.devnet?.parties;
  if (!parties) throw new Error('the node has no devnet');
  const grant = {
    userId: 'administrator',
    rights: [{ kind: { CanReadAs: { value: { party: parties.dso } } } }],
    identityProviderId: '',
  };
  await json(await node.call('/v2/users/administrator/rights', { body: grant }));
  await createUser(node, 'dso-reader', [], [parties.dso]);
  return {
    node,
    dso: parties.dso,
    sv: parties.sv,
    operator: parties.validatorOperator,
    operatorUser: 'administrator',
    dsoReader: 'dso-reader',
  };
}

/** Allocates a party and a user (its id is the hint) acting as it and reading as the DSO. */
export async function partyWithUser(
  net: SpliceNode,
  hint: string,
  options: { readsDso?: boolean } = {},
): Promise<string> {
  const body = await json<{ partyDetails: { party: string } }>(
    await net.node.call('/v2/parties', { body: { partyIdHint: hint } }),
  );
  const party = body.partyDetails.party;
  await createUser(net.node, hint, [party], options.readsDso === false ? [] : [net.dso]);
  return party;
}

/**
 * A node as `startSpliceNode` starts it, with a party and user for each of `names` as
 * `partyWithUser` makes them: `net`, and each party under its name.
 */
export async function startSpliceNodeWith<TName extends string>(
  names: readonly TName[],
  options: { readsDso?: boolean } = {},
): Promise<{ net: SpliceNode } & Record<Exclude<TName, 'net'>, string>> {
  const net = await startSpliceNode();
  try {
    const parties: Record<string, string> = {};
    for (const name of names) parties[name] = await partyWithUser(net, name, options);
    return { ...parties, net } as { net: SpliceNode } & Record<Exclude<TName, 'net'>, string>;
  } catch (error) {
    await net.node.close();
    throw error;
  }
}

export async function ledgerEnd(node: TestNode): Promise<number> {
  return (await json<{ offset: number }>(await node.call('/v2/state/ledger-end'))).offset;
}

type IdentifierFilter =
  | { TemplateFilter: { value: { templateId: string; includeCreatedEventBlob: boolean } } }
  | {
      InterfaceFilter: {
        value: {
          interfaceId: string;
          includeInterfaceView: boolean;
          includeCreatedEventBlob: boolean;
        };
      };
    };

export const templateFilter = (templateId: string): IdentifierFilter => ({
  TemplateFilter: { value: { templateId, includeCreatedEventBlob: true } },
});

export const interfaceFilter = (interfaceId: string): IdentifierFilter => ({
  InterfaceFilter: {
    value: { interfaceId, includeInterfaceView: true, includeCreatedEventBlob: false },
  },
});

/** The active contracts `user` sees as `party` (or as any party it may read as, with null). */
export async function activeContracts(
  net: SpliceNode,
  request: { user: string; party: string | null; filter: IdentifierFilter },
): Promise<CreatedEvent[]> {
  const filters = { cumulative: [{ identifierFilter: request.filter }] };
  const eventFormat =
    request.party === null
      ? { filtersForAnyParty: filters }
      : { filtersByParty: { [request.party]: filters } };
  const body = await json<
    Array<{ contractEntry: { JsActiveContract?: { createdEvent: CreatedEvent } } }>
  >(
    await net.node.call('/v2/state/active-contracts', {
      user: request.user,
      body: { activeAtOffset: await ledgerEnd(net.node), eventFormat },
    }),
  );
  return body.flatMap(({ contractEntry }) =>
    contractEntry.JsActiveContract ? [contractEntry.JsActiveContract.createdEvent] : [],
  );
}

/** The DSO's active contracts of a template, read as Scan would. */
export const dsoContracts = (net: SpliceNode, templateId: string) =>
  activeContracts(net, { user: net.dsoReader, party: net.dso, filter: templateFilter(templateId) });

export type RoundContract = CreatedEvent & { number: number; opensAt: string; closesAt: string };

/** Rounds of one kind, oldest first, with their number and times. */
export async function roundsOf(net: SpliceNode, templateId: string): Promise<RoundContract[]> {
  return (await dsoContracts(net, templateId))
    .map((event) => ({
      ...event,
      number: Number((event.createArgument.round as { number: string }).number),
      opensAt: String(event.createArgument.opensAt ?? ''),
      closesAt: String(event.createArgument.targetClosesAt ?? ''),
    }))
    .sort((a, b) => a.number - b.number);
}

export async function nodeTime(net: SpliceNode): Promise<string> {
  return (await json<{ now: string }>(await net.node.call('/api/devnet/v0/time'))).now;
}

/** The newest open round that has opened: the one a wallet transfers with. */
export async function latestOpenRound(net: SpliceNode): Promise<RoundContract> {
  const now = Date.parse(await nodeTime(net));
  const opened = (await roundsOf(net, spliceIds.openMiningRound)).filter(
    (round) => Date.parse(round.opensAt) <= now,
  );
  const latest = opened.at(-1);
  if (!latest) throw new Error('no open round has opened');
  return latest;
}

export async function advanceRounds(net: SpliceNode, count: number): Promise<void> {
  await json(await net.node.call('/api/devnet/v0/rounds/advance', { body: { count } }));
}

export async function onlyContract(net: SpliceNode, templateId: string): Promise<CreatedEvent> {
  const [contract, ...others] = await dsoContracts(net, templateId);
  if (!contract || others.length > 0) throw new Error(`expected one ${templateId}`);
  return contract;
}

/** Numeric 10 text → bigint units, so amounts compare exactly. */
export function units(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * 10n ** 10n + BigInt(fraction.padEnd(10, '0').slice(0, 10));
  return negative ? -value : value;
}

/** bigint units → the Numeric 10 text the ledger renders. */
export function decimal(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const fraction = (magnitude % 10n ** 10n).toString().padStart(10, '0');
  return `${sign}${magnitude / 10n ** 10n}.${fraction}`;
}

/** Submits commands as `user` (for `actAs`, reading as `readAs`) and returns the raw response. */
export function submitRaw(
  net: SpliceNode,
  request: { user: string; actAs: string[]; readAs?: string[]; commands: unknown[] },
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const readAs = request.readAs ?? [net.dso];
  return net.node.call('/v2/commands/submit-and-wait-for-transaction-tree', {
    user: request.user,
    body: commands(request.actAs, request.commands, { readAs, ...extra }),
  });
}

/** Expects a refusal with the given status, Canton error code and message, and no new offset. */
export async function expectRefused(
  net: SpliceNode,
  attempt: () => Promise<Response>,
  expected: {
    status: number;
    code: string;
    message: RegExp;
    context?: Readonly<Record<string, string>>;
  },
): Promise<void> {
  const before = await ledgerEnd(net.node);
  const response = await attempt();
  const body = (await response.json()) as {
    code: string;
    cause: string;
    context: Record<string, string>;
  };
  expect({ status: response.status, code: body.code }).toEqual({
    status: expected.status,
    code: expected.code,
  });
  expect(body.cause).toMatch(expected.message);
  if (expected.context) expect(body.context).toMatchObject(expected.context);
  expect(await ledgerEnd(net.node)).toBe(before);
}
