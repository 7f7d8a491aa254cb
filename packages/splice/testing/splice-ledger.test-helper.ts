import {
  type Command,
  type CreatedNode,
  createLedgerEngine,
  createMemoryJournal,
  createPackageRegistry,
  createPartyId,
  createSimulatedClock,
  type ExercisedNode,
  type LedgerEngine,
  makeParticipantId,
  makeSynchronizerId,
  type Package,
  type SimulatedClock,
  type TopologyRecord,
  type TransactionRecord,
  type Value,
} from '@pocketnet/ledger';

// Test support for Splice templates: one in-memory engine over the given packages, parties
// allocated on demand, and helpers that submit commands and pick events out of transactions.

export const participantId = makeParticipantId('participant1');
export const synchronizerId = makeSynchronizerId('global-domain');
const namespace = participantId.slice(participantId.indexOf('::') + 2);
/** 2026-01-01T00:00:00Z */
export const startMicros = 1_767_225_600_000_000n;
export const tickMicros = 600_000_000n;

export type SpliceTestLedger = {
  readonly engine: LedgerEngine;
  readonly clock: SimulatedClock;
  /** Allocates (once) and returns the party `hint::<participant namespace>`. */
  party(hint: string): Promise<string>;
  /** Submits commands as `actAs` (every party gets read rights too) and waits for the transaction. */
  submit(
    actAs: readonly string[],
    commands: readonly Command[],
    readAs?: readonly string[],
  ): Promise<TransactionRecord>;
  create(actAs: readonly string[], templateId: string, createArguments: Value): Promise<string>;
  exercise(
    actAs: readonly string[],
    command: { templateId: string; contractId: string; choice: string; choiceArgument: Value },
  ): Promise<{ record: TransactionRecord; result: Value }>;
  /** The active contracts of a template (reference in `#pkg:Module:Entity` form), oldest first. */
  active(templateReference: string): Array<{ contractId: string; payload: Value }>;
};

let counter = 0;

export async function startSpliceLedger(packages: readonly Package[]): Promise<SpliceTestLedger> {
  const clock = createSimulatedClock(startMicros);
  const registry = createPackageRegistry(packages);
  const engine = createLedgerEngine({
    journal: createMemoryJournal(),
    clock,
    packages: registry,
    participantId,
    synchronizerId,
    publish: () => {},
  });
  await engine.recover();
  const parties = new Map<string, string>();
  const ledger: SpliceTestLedger = {
    engine,
    clock,
    async party(hint) {
      const known = parties.get(hint);
      if (known) return known;
      const party = createPartyId(hint, namespace);
      await engine.commitTopology(hostParty(party));
      parties.set(hint, party);
      return party;
    },
    submit(actAs, commands, readAs = []) {
      counter += 1;
      return engine.submit({
        commands,
        userId: 'splice-test',
        commandId: `command-${counter}`,
        submissionId: `submission-${counter}`,
        workflowId: '',
        actAs,
        readAs,
        deduplicationPeriod: { kind: 'empty' },
        disclosedContracts: [],
        synchronizerId: null,
        minLedgerTimeMicros: null,
      });
    },
    async create(actAs, templateId, createArguments) {
      const record = await ledger.submit(actAs, [{ kind: 'create', templateId, createArguments }]);
      const created = record.nodes.find((node): node is CreatedNode => node.kind === 'created');
      if (!created) throw new Error('a create command created nothing');
      return created.contractId;
    },
    async exercise(actAs, command) {
      const record = await ledger.submit(actAs, [{ kind: 'exercise', ...command }]);
      const root = record.nodes[record.rootNodeIds[0] ?? 0] as ExercisedNode;
      return { record, result: root.exerciseResult };
    },
    active(templateReference) {
      const { templateId } = registry.resolveTemplate(templateReference);
      return [...engine.contracts.values()]
        .filter((contract) => contract.templateId === templateId)
        .map((contract) => ({ contractId: contract.contractId, payload: contract.createArgument }));
    },
  };
  return ledger;
}

function hostParty(party: string) {
  return (
    _state: unknown,
    offset: number,
    updateId: string,
    recordTime: string,
  ): TopologyRecord => ({
    type: 'topology',
    offset,
    updateId,
    synchronizerId,
    recordTime,
    participantId,
    parties: [party],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  });
}

/** Created events of a template (by `Module:Entity` suffix) in a transaction, in node order. */
export function createdIn(record: TransactionRecord, entity: string): CreatedNode[] {
  return record.nodes.filter(
    (node): node is CreatedNode =>
      node.kind === 'created' && node.templateId.endsWith(`:${entity}`),
  );
}
