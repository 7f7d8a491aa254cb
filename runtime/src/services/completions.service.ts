import type { LedgerRecord, ParticipantState, SubmissionInfo } from '@pocketnet/ledger';
import { filter, map, type Observable } from 'rxjs';
import type { UpdateLog } from '../projections/update-log.projection.ts';
import { accessOf, type Caller, effectiveUserId, requireReadAs } from './caller.ts';

export type CompletionView = {
  readonly offset: number;
  readonly submission: SubmissionInfo;
  readonly recordTime: string;
  readonly synchronizerId: string;
  /** Null for an accepted command. */
  readonly updateId: string | null;
  readonly status: { readonly code: number; readonly message: string; readonly errorCode: string };
};

const ok = { code: 0, message: '', errorCode: '' };

function completionOf(record: LedgerRecord): CompletionView | null {
  if ((record.type === 'transaction' || record.type === 'reassignment') && record.submission) {
    const { offset, submission, recordTime, synchronizerId, updateId } = record;
    return { offset, submission, recordTime, synchronizerId, updateId, status: ok };
  }
  if (record.type === 'rejection') {
    const { offset, submission, recordTime, synchronizerId, status } = record;
    const rejected = { code: status.grpcCode, message: status.message, errorCode: status.code };
    return { offset, submission, recordTime, synchronizerId, updateId: null, status: rejected };
  }
  return null;
}

/** Completions of one user's commands submitted for any of `parties`, as the Ledger API streams them. */
export function createCompletions(deps: {
  participant: ParticipantState;
  updateLog: UpdateLog;
  /** Among several participants, whether this one hosts a party; null when it is alone. */
  hosts?: ((party: string) => boolean) | null;
}) {
  const hosts = deps.hosts ?? (() => true);
  const service = {
    completions$(
      caller: Caller,
      request: { userId?: string; parties: readonly string[]; beginExclusive: number },
    ): Observable<CompletionView> {
      const access = accessOf(caller, deps.participant);
      const userId = effectiveUserId(access, request.userId);
      requireReadAs(access, request.parties);
      // A command completes where it was submitted: on the participant hosting its submitters.
      const parties = request.parties.filter(hosts);
      return deps.updateLog.follow$(request.beginExclusive).pipe(
        map(completionOf),
        filter(
          (completion): completion is CompletionView =>
            completion !== null &&
            completion.submission.userId === userId &&
            completion.submission.actAs.some((party) => parties.includes(party)),
        ),
      );
    },
  };
  return service satisfies Completions;
}

export interface Completions {
  completions$(
    caller: Caller,
    request: {
      userId?: string;
      parties: readonly string[];
      beginExclusive: number;
    },
  ): Observable<CompletionView>;
}
