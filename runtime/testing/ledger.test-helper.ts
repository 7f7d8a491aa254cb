import {
  type Command,
  createLedgerEngine,
  createMemoryJournal,
  createPackageRegistry,
  createSimulatedClock,
  examplePackages,
  type JournalRecord,
  type LedgerEngine,
  makeParticipantId,
  makeSynchronizerId,
  planAllocateParty,
  type TransactionRecord,
} from '@pocketnet/ledger';

// Test support for projections: a bare engine whose committed records feed the projection
// under test, with the example package's Iou.

const iouTemplate = '#pocketnet-examples:Iou:Iou';
export const iouTransferTemplate = '#pocketnet-examples:Iou:IouTransfer';

function submitter(engine: LedgerEngine) {
  let commands = 0;
  return (actAs: readonly string[], command: Command): Promise<TransactionRecord> => {
    commands += 1;
    return engine.submit({
      commands: [command],
      userId: 'projection-test',
      commandId: `command-${commands}`,
      submissionId: `submission-${commands}`,
      workflowId: '',
      actAs,
      readAs: [],
      deduplicationPeriod: { kind: 'empty' },
      disclosedContracts: [],
      synchronizerId: null,
      minLedgerTimeMicros: null,
    });
  };
}

async function allocate(engine: LedgerEngine, synchronizerId: string, hint: string) {
  const plan = planAllocateParty({ partyIdHint: hint }, { synchronizerId });
  return (await engine.commitTopology(plan)).parties[0] ?? '';
}

function iouCommands(submit: ReturnType<typeof submitter>, bank: string) {
  return {
    createIou: (owner: string, observers: readonly string[] = []) =>
      submit([bank, owner], {
        kind: 'create',
        templateId: iouTemplate,
        createArguments: { issuer: bank, owner, currency: 'USD', amount: '1.0', observers },
      }),
    exercise: (
      actAs: string,
      target: { readonly contractId: string; readonly templateId?: string },
      choice: string,
      choiceArgument = {},
    ) =>
      submit([actAs], {
        kind: 'exercise',
        templateId: target.templateId ?? iouTemplate,
        contractId: target.contractId,
        choice,
        choiceArgument,
      }),
  };
}

/** An engine hosting Bank, Alice and Bob, and Iou commands; `apply` gets every record. */
export async function startLedger(apply: (record: JournalRecord) => void) {
  const synchronizerId = makeSynchronizerId('global-domain');
  const engine = createLedgerEngine({
    journal: createMemoryJournal(),
    clock: createSimulatedClock(1_767_225_600_000_000n),
    packages: createPackageRegistry(examplePackages),
    participantId: makeParticipantId('participant1'),
    synchronizerId,
    publish: apply,
  });
  await engine.recover();
  const bank = await allocate(engine, synchronizerId, 'Bank');
  const alice = await allocate(engine, synchronizerId, 'Alice');
  const bob = await allocate(engine, synchronizerId, 'Bob');
  return { bank, alice, bob, ...iouCommands(submitter(engine), bank) };
}

export function createdIdsOf(record: TransactionRecord): string[] {
  return record.nodes.flatMap((node) => (node.kind === 'created' ? [node.contractId] : []));
}
