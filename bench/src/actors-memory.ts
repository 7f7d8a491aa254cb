import { createSimulatedClock } from '@pocketnet/ledger';
import { createActorRuntime, createNode, createUpdateBus } from '@pocketnet/runtime';
import { createActorWorkload, startMicros } from './actors-workload.ts';

// Child process of the actor benchmark (run with --expose-gc): the heap the actor registry
// takes per live workflow actor. Prints one JSON line.

export type ActorMemoryReading = { readonly bytesPerActor: number; readonly actors: number };

function heapAfterGc(): number {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

if (import.meta.main) {
  const count = Number(process.argv[2] ?? '10000');
  const clock = createSimulatedClock(startMicros);
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock,
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });
  const workload = createActorWorkload(node);
  const bus = createUpdateBus();
  const actors = createActorRuntime({
    onError: (error) => console.error('actor failed', error),
    records$: bus.records$,
    clock,
    participant: node.participant,
    undo: node.undo,
  });
  // A warm-up workflow first, so that the machines' one-off structures are not counted.
  for (const record of workload.workflows(4)) bus.publish(record);
  const before = heapAfterGc();
  // Records are dropped once routed: what stays is what the actors keep (ids, parties, times).
  for (const record of workload.workflows(count)) bus.publish(record);
  const after = heapAfterGc();
  const reading: ActorMemoryReading = {
    bytesPerActor: (after - before) / count,
    actors: actors.liveCount(),
  };
  console.log(JSON.stringify(reading));
  await node.close();
}
