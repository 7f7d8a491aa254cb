import { createSimulatedClock, type SimulatedClock } from '../src/clock.ts';
import type { Command, SubmitRequest } from '../src/commands.ts';
import type { LedgerEngine } from '../src/engine/engine-types.ts';
import { createLedgerEngine } from '../src/engine/ledger-engine.ts';
import { examplePackages } from '../src/examples/examples-package.ts';
import { makeParticipantId, makeSynchronizerId } from '../src/ids/ledger-ids.ts';
import { createPartyId } from '../src/ids/party-id.ts';
import type { Journal } from '../src/journal.ts';
import type { Package } from '../src/packages/package.ts';
import { createPackageRegistry } from '../src/packages/registry.ts';
import type { ParticipantState } from '../src/participant/participant-state.ts';
import type { JournalRecord, TopologyRecord, TransactionRecord } from '../src/transaction.ts';
import type { UndoLog } from '../src/undo/undo-log.ts';
import type { Value } from '../src/value.ts';

// Test support for the engine: one participant hosting a bank and two customers, and builders
// for the example package's Iou commands.

export const participantId = makeParticipantId('participant1');
export const synchronizerId = makeSynchronizerId('global-domain');
const namespace = participantId.slice(participantId.indexOf('::') + 2);
export const bank = createPartyId('Bank', namespace);
export const alice = createPartyId('Alice', namespace);
export const bob = createPartyId('Bob', namespace);
export const iouTemplate = '#pocketnet-examples:Iou:Iou';
export const iouTransferTemplate = '#pocketnet-examples:Iou:IouTransfer';
/** 2026-01-01T00:00:00Z */
export const startMicros = 1_767_225_600_000_000n;

export function hostParties(parties: readonly string[]) {
  return (_state: ParticipantState, offset: number, updateId: string, recordTime: string) =>
    ({
      type: 'topology',
      offset,
      updateId,
      synchronizerId,
      recordTime,
      participantId,
      parties,
      annotations: {},
      identityProviderId: '',
      grantedTo: null,
    }) satisfies TopologyRecord;
}

export type TestEngine = {
  readonly engine: LedgerEngine;
  readonly clock: SimulatedClock;
  readonly published: JournalRecord[];
};

/** An engine over the journal, recovered; with `host`, the three parties are allocated first. */
export async function startEngine(
  journal: Journal,
  options: {
    readonly clock?: SimulatedClock;
    readonly host?: boolean;
    /** The packages loaded (the example packages unless given). */
    readonly packages?: readonly Package[];
    /** The undo log the engine's state records into (one of its own unless given). */
    readonly undo?: UndoLog;
  } = {},
): Promise<TestEngine> {
  const clock = options.clock ?? createSimulatedClock(startMicros);
  const published: JournalRecord[] = [];
  const engine = createLedgerEngine({
    journal,
    clock,
    packages: createPackageRegistry(options.packages ?? examplePackages),
    participantId,
    synchronizerId,
    publish: (record) => published.push(record),
    ...(options.undo ? { undo: options.undo } : {}),
  });
  await engine.recover();
  if (options.host === true) await engine.commitTopology(hostParties([bank, alice, bob]));
  return { engine, clock, published };
}

export function submission(
  commands: readonly Command[],
  overrides: Partial<SubmitRequest> = {},
): SubmitRequest {
  return {
    commands,
    userId: 'test-user',
    commandId: `command-${Math.random().toString(36).slice(2)}`,
    submissionId: `submission-${Math.random().toString(36).slice(2)}`,
    workflowId: '',
    actAs: [bank, alice],
    readAs: [],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
    ...overrides,
  };
}

export function createIou(issuer: string, owner: string, amount: string): Command {
  return {
    kind: 'create',
    templateId: iouTemplate,
    createArguments: { issuer, owner, currency: 'USD', amount, observers: [] },
  };
}

export function exercise(
  contractId: string,
  choice: string,
  choiceArgument: Value = {},
  templateId = iouTemplate,
): Command {
  return { kind: 'exercise', templateId, contractId, choice, choiceArgument };
}

export function createdIds(record: TransactionRecord): string[] {
  return record.nodes.flatMap((node) => (node.kind === 'created' ? [node.contractId] : []));
}

/** Everything a restart must reproduce, in a comparable form. */
export function snapshotOf(engine: LedgerEngine) {
  const contracts = [...engine.contracts.values()].sort((left, right) =>
    left.contractId.localeCompare(right.contractId),
  );
  const { parties, users, identityProviders } = engine.participant;
  return { ledgerEnd: engine.ledgerEnd(), contracts, parties, users, identityProviders };
}
