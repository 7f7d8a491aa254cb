import { createSimulatedClock } from '../src/clock.ts';
import type { LedgerEngine } from '../src/engine/engine-types.ts';
import { createLedgerEngine } from '../src/engine/ledger-engine.ts';
import { examplePackages } from '../src/examples/examples-package.ts';
import { makeSynchronizerId } from '../src/ids/ledger-ids.ts';
import type { Journal } from '../src/journal.ts';
import { createPackageRegistry } from '../src/packages/registry.ts';
import type { ParticipantState } from '../src/participant/participant-state.ts';
import type {
  ReassignmentCommand,
  ReassignmentRequest,
} from '../src/reassignment/reassignment-record.ts';
import type { JournalRecord, TopologyRecord } from '../src/transaction.ts';
import {
  alice,
  bank,
  bob,
  participantId,
  startMicros,
  synchronizerId,
} from './engine.test-helper.ts';

export const globalId = synchronizerId;
export const app1 = makeSynchronizerId('app1');

/** Hosts parties on one synchronizer: a topology update stamped with it. */
export function hostOn(synchronizer: string, parties: readonly string[]) {
  return (_state: ParticipantState, offset: number, updateId: string, recordTime: string) =>
    ({
      type: 'topology',
      offset,
      updateId,
      synchronizerId: synchronizer,
      recordTime,
      participantId,
      parties,
      annotations: {},
      identityProviderId: '',
      grantedTo: null,
    }) satisfies TopologyRecord;
}

/**
 * An engine connected to the global synchronizer and app1, recovered from the journal; with
 * `host`, the bank and Alice are hosted on both and Bob on the global one only.
 */
export async function startTwoSynchronizerEngine(
  journal: Journal,
  options: { readonly host?: boolean } = {},
): Promise<{ engine: LedgerEngine; published: JournalRecord[] }> {
  const published: JournalRecord[] = [];
  const engine = createLedgerEngine({
    journal,
    clock: createSimulatedClock(startMicros),
    packages: createPackageRegistry(examplePackages),
    participantId,
    synchronizerId: globalId,
    synchronizerIds: [globalId, app1],
    publish: (record) => published.push(record),
  });
  await engine.recover();
  if (options.host === true) {
    await engine.commitTopology(hostOn(globalId, [bank, alice, bob]));
    await engine.commitTopology(hostOn(app1, [bank, alice]));
  }
  return { engine, published };
}

let counter = 0;

export function reassignment(
  submitter: string,
  commands: readonly ReassignmentCommand[],
): ReassignmentRequest {
  counter += 1;
  return {
    userId: 'test-user',
    commandId: `reassign-${counter}`,
    submissionId: `submission-${counter}`,
    workflowId: '',
    submitter,
    commands,
  };
}

export const unassign = (contractId: string, source: string, target: string) =>
  ({ kind: 'unassign', contractId, source, target }) as const;

export const assign = (reassignmentId: string, source: string, target: string) =>
  ({ kind: 'assign', reassignmentId, source, target }) as const;
