import {
  createLedgerEngine,
  createPackageRegistry,
  createWallClock,
  examplePackages,
  type Journal,
  type JournalRecord,
  type LedgerEngine,
  makeParticipantId,
  makeSynchronizerId,
  planAllocateParty,
} from '@pocketnet/ledger';
import { createIou, type IouParties, submitRequest, transferIou } from './iou-commands.ts';

export type IouEngine = IouParties & { readonly engine: LedgerEngine };

/** The names createNode uses too, so a journal written here replays in a real node. */
export const nodeNames = { participant: 'participant1', synchronizer: 'global-domain' } as const;

async function allocate(engine: LedgerEngine, synchronizerId: string, hint: string) {
  const record = await engine.commitTopology(
    planAllocateParty({ partyIdHint: hint }, { synchronizerId }),
  );
  const [party] = record.parties;
  if (party === undefined) throw new Error(`no party allocated for ${hint}`);
  return party;
}

/** A bare engine (no bus, no projections) over `journal`, not yet recovered. */
export function createBareEngine(
  journal: Journal,
  publish: (record: JournalRecord) => void = () => undefined,
): LedgerEngine {
  return createLedgerEngine({
    journal,
    clock: createWallClock(),
    packages: createPackageRegistry(examplePackages),
    participantId: makeParticipantId(nodeNames.participant),
    synchronizerId: makeSynchronizerId(nodeNames.synchronizer),
    publish,
  });
}

/** A bare engine over an empty `journal`, with Bank, Alice and Bob hosted. */
export async function startIouEngine(
  journal: Journal,
  publish: (record: JournalRecord) => void = () => undefined,
): Promise<IouEngine> {
  const synchronizerId = makeSynchronizerId(nodeNames.synchronizer);
  const engine = createBareEngine(journal, publish);
  await engine.recover();
  const bank = await allocate(engine, synchronizerId, 'Bank');
  const alice = await allocate(engine, synchronizerId, 'Alice');
  const bob = await allocate(engine, synchronizerId, 'Bob');
  return { engine, bank, alice, bob };
}

/** One create transaction, then one consuming exercise (Iou_Transfer) on what it created. */
export async function createAndTransfer(
  ledger: IouParties & { readonly engine: Pick<LedgerEngine, 'submit'> },
  commandId: string,
): Promise<void> {
  const { engine, bank, alice, bob } = ledger;
  const created = await engine.submit(
    submitRequest([createIou(ledger)], [bank, alice], `${commandId}-create`),
  );
  const contractId = created.nodes[0]?.contractId;
  if (contractId === undefined) throw new Error('the create made no contract');
  await engine.submit(
    submitRequest([transferIou(contractId, bob)], [alice], `${commandId}-transfer`),
  );
}

/** Runs `task(index)` for indexes [0, count), at most `concurrency` at a time. */
export async function runConcurrently(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
