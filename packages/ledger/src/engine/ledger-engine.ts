import { createTimeFormatter } from '../clock.ts';
import type { SubmitRequest } from '../commands.ts';
import { createUpdateId, createUpdateSeed } from '../ids/ledger-ids.ts';
import { createParticipantState, type ParticipantState } from '../participant/participant-state.ts';
import { buildReassignment } from '../reassignment/build-reassignment.ts';
import { type CommitTimes, createCommitTimes } from './commit-times.ts';
import { type ChangeId, duplicateCommand, submissionAlreadyInFlight } from './deduplication.ts';
import {
  createEngineState,
  registerParticipantSection,
  stateOfParticipant,
} from './engine-state.ts';
import type { LedgerEngine, LedgerEngineDeps, SynchronizerEngine } from './engine-types.ts';
import { createJournalWriter } from './journal-writer.ts';
import { checkSubmission } from './submission-checks.ts';
import { buildDuplicateRejection, buildTransaction } from './transaction-builder.ts';

const sevenDaysMicros = 7n * 24n * 3600n * 1_000_000n;

/**
 * The single writer. Each call checks, interprets and applies its change to the in-memory state
 * synchronously, so the next call sees it, then appends it to the journal; records are
 * published in offset order once durable. Calls that arrive together share a journal flush.
 */
export function createLedgerEngine(deps: LedgerEngineDeps): SynchronizerEngine {
  const maxDeduplicationMicros = deps.maxDeduplicationMicros ?? sevenDaysMicros;
  const state = createEngineState(
    deps.participantId,
    maxDeduplicationMicros,
    deps.synchronizerId,
    deps.undo,
  );
  const formatTime = createTimeFormatter();
  // Routing (reassignment/): the synchronizers connected, the default first, and where contracts are.
  const connected = deps.synchronizerIds ?? [deps.synchronizerId];
  const shared = { ...deps, formatTime, connected, synchronizers: state.synchronizers };
  const writer = createJournalWriter({ journal: deps.journal, state, publish: deps.publish });
  const { requireReady, commit } = writer;
  const times = createCommitTimes(deps.clock, state);

  /** A plan must render the record time it was given: replay reads it back from the record. */
  function requireRecordTime(record: { readonly recordTime: string }, recordTime: string): void {
    if (record.recordTime !== recordTime)
      throw new Error('a plan must use the record time it was given');
  }

  let recovered = false;

  /**
   * One participant's engine: its submissions checked against its parties and users, its
   * admin records its own; the journal, contracts and offsets shared by all.
   */
  function participantEngine(participant: ParticipantState): LedgerEngine {
    const { participantId } = participant;
    const local = stateOfParticipant(state, participant);
    const context = { ...shared, participantId, state: local };

    /** Checks a submission and reports an earlier acceptance of the same change, if any. */
    function admit(request: SubmitRequest, recordMicros: bigint, external = false) {
      requireReady();
      checkSubmission(request, {
        ...context,
        participant,
        maxDeduplicationMicros,
        external,
      });
      const change: ChangeId = request;
      const inFlight = state.deduplication.inFlightSubmission(change);
      if (inFlight !== null) throw submissionAlreadyInFlight(inFlight, change, deps.synchronizerId);
      const duplicate = state.deduplication.duplicateOf(
        change,
        request.deduplicationPeriod,
        recordMicros,
      );
      return { change, duplicate };
    }

    function commitTransaction(request: SubmitRequest, at: CommitTimes) {
      const { recordMicros } = at;
      const record = buildTransaction(context, request, at);
      const change: ChangeId = request;
      state.deduplication.startFlight(change, request.submissionId);
      const onDurable = () => state.deduplication.endFlight(change);
      return commit(record, { recordMicros, onDurable });
    }

    return {
      async recover() {
        await writer.recover();
        times.recovered();
        recovered = true;
      },
      restored() {
        writer.restored();
        times.recovered();
        recovered = true;
      },
      async submit(request) {
        const at = times.next();
        const { change, duplicate } = admit(request, at.recordMicros);
        if (duplicate !== null) throw duplicateCommand(duplicate, change);
        return commitTransaction(request, at);
      },
      async submitAsync(request) {
        const at = times.next();
        const { recordMicros } = at;
        const { duplicate } = admit(request, recordMicros);
        if (duplicate !== null) {
          await commit(buildDuplicateRejection(context, request, recordMicros), { recordMicros });
        } else {
          await commitTransaction(request, at);
        }
      },
      async commitPlanned(request, plan) {
        const { recordMicros, clockMicros } = times.next();
        const { change, duplicate } = admit(request, recordMicros, true);
        const offset = state.lastOffset + 1;
        const record = plan({ ...context, offset, recordMicros, clockMicros, change, duplicate });
        if (record.offset !== offset) throw new Error('a planned commit must use its offset');
        if (record.type === 'rejection') return commit(record, { recordMicros });
        state.deduplication.startFlight(change, request.submissionId);
        const onDurable = () => state.deduplication.endFlight(change);
        return commit(record, { recordMicros, onDurable });
      },
      async commitTopology(plan) {
        requireReady();
        const offset = state.lastOffset + 1;
        const { recordMicros } = times.next();
        const recordTime = formatTime(recordMicros);
        const discriminator = 'topology';
        const seed = createUpdateSeed({ participantId, offset, discriminator });
        const updateId = createUpdateId(seed);
        const record = plan(participant, offset, updateId, recordTime);
        if (record.offset !== offset || record.updateId !== updateId) {
          throw new Error('a topology plan must use the offset and update id it was given');
        }
        requireRecordTime(record, recordTime);
        return commit(record, { recordMicros });
      },
      async commitAdmin(plan) {
        requireReady();
        const { recordMicros } = times.next();
        const recordTime = formatTime(recordMicros);
        const planned = plan(participant, recordTime);
        requireRecordTime(planned, recordTime);
        // The first participant's records name none, as journals of one participant always had.
        const record = participant.isFirst ? planned : { ...planned, participantId };
        return commit(record, { recordMicros });
      },
      async submitReassignment(request) {
        requireReady();
        const { recordMicros } = times.next();
        const record = buildReassignment(
          {
            ...context,
            participant,
            contracts: state.contracts,
            offset: state.lastOffset + 1,
            recordTime: formatTime(recordMicros),
          },
          request,
        );
        return commit(record, { recordMicros });
      },
      ledgerEnd: () => writer.ledgerEnd(),
      participant,
      contracts: state.contracts,
      packages: deps.packages,
    };
  }

  return {
    ...participantEngine(state.participant),
    addParticipant(participantId) {
      if (recovered) throw new Error('participants join the synchronizer before its recovery');
      if (state.participants.has(participantId))
        throw new Error(`participant ${participantId} is already on the synchronizer`);
      const participant = createParticipantState(participantId, false, state.undo);
      state.participants.set(participantId, participant);
      registerParticipantSection(state, participant);
      return participantEngine(participant);
    },
  };
}
