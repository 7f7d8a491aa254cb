import { createHash } from 'node:crypto';
import type {
  CreatedNode,
  ExercisedNode,
  JournalRecord,
  TransactionRecord,
  Value,
} from '@pocketnet/ledger';
import { formatMicros } from '@pocketnet/ledger';
import type { PocketnetNode } from '@pocketnet/runtime';

// The actor benchmark's ledger: committed transactions as the engine publishes them, built
// directly so that the bus runs at any rate. The workflows start with contracts of the real
// Splice templates (the node's package registry names them): merge delegations, preapprovals,
// transfer offers and traffic requests, a quarter each, all live with deadlines a month away.
// The updates merge (MergeDelegation_Merge, non-consuming) and renew (TransferPreapproval_Renew,
// consuming, with the renewed contract created in the same transaction), half each.

const references = {
  mergeDelegation:
    '#splice-util-token-standard-wallet:Splice.Util.Token.Wallet.MergeDelegation:MergeDelegation',
  preapproval: '#splice-amulet:Splice.AmuletRules:TransferPreapproval',
  offer: '#splice-wallet:Splice.Wallet.TransferOffer:TransferOffer',
  traffic: '#splice-wallet:Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest',
} as const;

type Kind = keyof typeof references;
type Template = { readonly templateId: string; readonly packageName: string };

export const startMicros = 1_767_225_600_000_000n;
const monthMicros = 30n * 86_400_000_000n;
const dso = `DSO::1220${'d'.repeat(64)}`;
const operator = `validator::1220${'e'.repeat(64)}`;

/** A flat string, as ids read from the journal are (a concatenation would be a tree of parts). */
const flat = (text: string) => Buffer.from(text).toString();
/** As the engine's ids are: `00`, a hash (distinct ids differ from their first characters on). */
const contractIdOf = (serial: number) =>
  flat(`00${createHash('sha256').update(String(serial)).digest('hex')}ca121220${'0'.repeat(64)}`);
const parties = Array.from({ length: 1000 }, (_, index) =>
  flat(`user-${index}::1220${'a'.repeat(64)}`),
);
const partyOf = (index: number) => parties[index % parties.length] as string;

function payloadOf(kind: Kind, owner: string, expiresAt: string): Record<string, Value> {
  switch (kind) {
    case 'mergeDelegation':
      return { operator, owner, meta: { values: {} } };
    case 'preapproval':
      return {
        dso,
        receiver: owner,
        provider: operator,
        validFrom: expiresAt,
        lastRenewedAt: expiresAt,
        expiresAt,
      };
    case 'offer':
      return {
        sender: owner,
        receiver: operator,
        dso,
        description: 'bench',
        expiresAt,
        amount: { amount: '1.0000000000', unit: 'AmuletUnit' },
        trackingId: owner,
      };
    case 'traffic':
      return {
        dso,
        endUserParty: owner,
        expiresAt,
        trackingId: owner,
        trafficAmount: '1000',
        ...{
          memberId: 'PAR::bench::1220',
          synchronizerId: 'global-domain::1220',
          migrationId: '0',
        },
      };
  }
}

/** Builds the records; offsets, update ids and record times follow one another. */
export function createActorWorkload(node: Pick<PocketnetNode, 'packages'>) {
  const templates = Object.fromEntries(
    Object.entries(references).map(([kind, reference]) => {
      const { templateId, packageName } = node.packages.resolveTemplate(reference);
      return [kind, { templateId, packageName }];
    }),
  ) as Record<Kind, Template>;
  let offset = 0;
  let serial = 0;
  const record = (nodes: TransactionRecord['nodes']): TransactionRecord => {
    offset += 1;
    const recordTime = formatMicros(startMicros + BigInt(offset) * 200n);
    const updateId = flat(`1220${offset.toString(16).padStart(64, '0')}`);
    return {
      type: 'transaction',
      offset,
      updateId,
      synchronizerId: 'global-domain::1220',
      effectiveAt: recordTime,
      recordTime,
      workflowId: '',
      submission: null,
      nodes,
      rootNodeIds: [0],
    };
  };
  const created = (kind: Kind, owner: string, nodeId = 0): CreatedNode => {
    serial += 1;
    const expiresAt = formatMicros(startMicros + monthMicros + BigInt(serial));
    return {
      kind: 'created',
      nodeId,
      contractId: contractIdOf(serial),
      ...templates[kind],
      createArgument: payloadOf(kind, owner, expiresAt),
      contractKey: null,
      signatories: [owner],
      observers: [],
      witnesses: [owner],
      createdAt: expiresAt,
    };
  };
  const exercised = (
    kind: Kind,
    contractId: string,
    choice: { name: string; argument: Value; result: Value },
  ): ExercisedNode => ({
    kind: 'exercised',
    nodeId: 0,
    contractId,
    ...templates[kind],
    interfaceId: null,
    choice: choice.name,
    choiceArgument: choice.argument,
    exerciseResult: choice.result,
    actingParties: [operator],
    consuming: kind === 'preapproval',
    witnesses: [operator],
    stakeholders: [operator],
    signatories: [operator],
    childNodeIds: [],
    lastDescendantNodeId: 0,
    implementedInterfaces: [],
  });
  const kinds: readonly Kind[] = ['mergeDelegation', 'preapproval', 'offer', 'traffic'];
  const delegations: string[] = [];
  const preapprovals: string[] = [];
  return {
    /** One transaction per workflow, creating its first contract. */
    *workflows(count: number): Generator<JournalRecord> {
      for (let index = 0; index < count; index++) {
        const kind = kinds[index % kinds.length] as Kind;
        const node = created(kind, partyOf(index));
        if (kind === 'mergeDelegation') delegations.push(node.contractId);
        if (kind === 'preapproval') preapprovals.push(node.contractId);
        yield record([node]);
      }
    },
    /** Updates of the live workflows, spread over them round-robin. */
    updates(count: number): JournalRecord[] {
      const updates: JournalRecord[] = [];
      for (let index = 0; index < count; index++) {
        const slot = (index >> 1) % Math.max(1, delegations.length);
        if (index % 2 === 0) {
          const delegation = delegations[slot] as string;
          const result = { optMergeTransferResult: null, optExtraTransferResult: null };
          const merge = { name: 'MergeDelegation_Merge', argument: {}, result };
          updates.push(record([exercised('mergeDelegation', delegation, merge)]));
          continue;
        }
        const current = preapprovals[slot] as string;
        const renewed = created('preapproval', operator, 1);
        const renew = exercised('preapproval', current, {
          name: 'TransferPreapproval_Renew',
          argument: { newExpiresAt: renewed.createArgument.expiresAt ?? null },
          result: { transferPreapprovalCid: renewed.contractId },
        });
        preapprovals[slot] = renewed.contractId;
        const withChild = { ...renew, childNodeIds: [1], lastDescendantNodeId: 1 };
        updates.push(record([withChild, renewed]));
      }
      return updates;
    },
  };
}
