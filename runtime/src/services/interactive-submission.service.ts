import type {
  ExecuteSubmission,
  InteractiveSubmissions,
  JournalRecord,
  PrepareSubmission,
  TransactionRecord,
} from '@pocketnet/ledger';
import { DomainError, type ParticipantState, type UndoLog } from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { type Access, accessOf, type Caller, effectiveUserId, requireReadAs } from './caller.ts';

/** Executing needs CanActAs, CanExecuteAs or CanExecuteAsAnyParty for every submitter. */
function requireExecuteAs(
  access: Access,
  participant: ParticipantState,
  parties: readonly string[],
) {
  if (access.isAdmin && access.userId === null) return;
  const user = access.userId === null ? undefined : participant.users.get(access.userId);
  const mayExecute = (party: string) =>
    access.canActAs(party) ||
    (user?.rights ?? []).some(
      (right) =>
        right.kind === 'CanExecuteAsAnyParty' ||
        (right.kind === 'CanExecuteAs' && right.party === party),
    );
  const missing = parties.filter((party) => !mayExecute(party));
  if (missing.length > 0) {
    throw new DomainError(
      'PERMISSION_DENIED',
      `The user has no right to act or execute as ${missing.join(', ')}`,
    );
  }
}

export type PrepareRequest = Omit<PrepareSubmission, 'userId'> & {
  readonly userId?: string | undefined;
};
export type ExecuteRequest = Omit<ExecuteSubmission, 'userId' | 'submissionId'> & {
  readonly userId?: string | undefined;
  readonly submissionId?: string | undefined;
};

/**
 * Interactive submission on behalf of a caller: preparing needs read rights for the parties
 * (it changes nothing), executing needs act-as or execute-as rights and the parties' own
 * signatures. Follows the bus from the start, so the prepared transactions executed before a
 * restart stay executed.
 */
export function createInteractiveSubmission(deps: {
  readonly participant: ParticipantState;
  readonly records$: Observable<JournalRecord>;
  readonly operations: InteractiveSubmissions;
  readonly undo: UndoLog;
}) {
  const { operations, participant, undo } = deps;
  const subscription = deps.records$.subscribe((record) => operations.observe(record));
  // Names the submissions that come without an id: a revert takes the count back too.
  const counted = { submissions: 0 };

  function authorizeExecute(caller: Caller, request: ExecuteRequest): ExecuteSubmission {
    const access = accessOf(caller, participant);
    const userId = effectiveUserId(access, request.userId || undefined);
    requireExecuteAs(access, participant, operations.inspect(request.preparedTransaction).actAs);
    undo.assign(counted, 'submissions', counted.submissions + 1);
    const submissionId = request.submissionId || `execute-${userId}-${counted.submissions}`;
    return { ...request, userId, submissionId };
  }

  const service = {
    prepare(caller: Caller, request: PrepareRequest) {
      const access = accessOf(caller, participant);
      const userId =
        access.userId === null
          ? (request.userId ?? '')
          : effectiveUserId(access, request.userId || undefined);
      requireReadAs(access, [...request.actAs, ...request.readAs]);
      return operations.prepare({ ...request, userId });
    },
    /** executeAndWait / executeAndWaitForTransaction: the committed transaction. */
    async executeAndWait(caller: Caller, request: ExecuteRequest): Promise<TransactionRecord> {
      const record = await operations.execute(authorizeExecute(caller, request), 'wait');
      if (record.type !== 'transaction')
        throw new Error('a waited execution commits a transaction');
      return record;
    },
    /** execute: acknowledged once committed; a verdict arrives as a failed completion. */
    async execute(caller: Caller, request: ExecuteRequest): Promise<void> {
      await operations.execute(authorizeExecute(caller, request), 'async');
    },
    close: () => subscription.unsubscribe(),
  };
  return service satisfies InteractiveSubmission;
}

export interface InteractiveSubmission {
  prepare(
    caller: Caller,
    request: PrepareRequest,
  ): {
    preparedTransaction: string;
    preparedTransactionHash: string;
    hashingSchemeVersion: string;
    hashingDetails?: string;
  };
  /** executeAndWait / executeAndWaitForTransaction: the committed transaction. */
  executeAndWait(caller: Caller, request: ExecuteRequest): Promise<TransactionRecord>;
  /** execute: acknowledged once committed; a verdict arrives as a failed completion. */
  execute(caller: Caller, request: ExecuteRequest): Promise<void>;
}
