import {
  DomainError,
  type ParticipantState,
  type SubmitRequest,
  type TransactionRecord,
} from '@pocketnet/ledger';
import type { Synchronizers } from '../synchronizers/synchronizers.projection.ts';
import { accessOf, type Caller, effectiveUserId, requireActAs, requireReadAs } from './caller.ts';

/** The write side as the command service needs it (the ledger engine satisfies this). */
export type CommandWriter = {
  submit(request: SubmitRequest): Promise<TransactionRecord>;
  submitAsync(request: SubmitRequest): Promise<void>;
};

/** A submission as the edge parsed it: the user id may be left to the token. */
export type CommandSubmission = Omit<SubmitRequest, 'userId'> & { readonly userId: string };

/**
 * Submissions on behalf of a caller: the request's user must be the caller (or the caller a
 * participant admin) and the caller must hold act-as rights for every actAs party and read
 * rights for every readAs party, as Canton checks before interpreting anything.
 */
export function createCommands(deps: {
  participant: ParticipantState;
  writer: CommandWriter;
  /** The node's synchronizers (issue 10): with several, commands may have to name one. */
  synchronizers?: Synchronizers;
}) {
  const authorize = (caller: Caller, submission: CommandSubmission): SubmitRequest => {
    const access = accessOf(caller, deps.participant);
    const userId = effectiveUserId(access, submission.userId || undefined);
    requireActAs(access, submission.actAs);
    requireReadAs(access, submission.readAs);
    if (!submission.synchronizerId && deps.synchronizers) {
      requireSingleSynchronizer(deps.synchronizers, submission.actAs);
    }
    return { ...submission, userId };
  };
  const service = {
    submitAndWait: (caller: Caller, submission: CommandSubmission) =>
      deps.writer.submit(authorize(caller, submission)),
    submit: (caller: Caller, submission: CommandSubmission) =>
      deps.writer.submitAsync(authorize(caller, submission)),
  };
  return service satisfies Commands;
}

export interface Commands {
  submitAndWait: (caller: Caller, submission: CommandSubmission) => Promise<TransactionRecord>;
  submit: (caller: Caller, submission: CommandSubmission) => Promise<void>;
}

/**
 * A command may leave its synchronizer out only when its submitting parties share a single
 * synchronizer, the rule party allocation follows too.
 */
function requireSingleSynchronizer(synchronizers: Synchronizers, actAs: readonly string[]): void {
  if (synchronizers.list.length < 2) return;
  const shared = synchronizers.list.filter((info) =>
    actAs.every((party) => synchronizers.state.synchronizersOf(party).has(info.id)),
  );
  if (shared.length < 2) return;
  throw new DomainError(
    'MISSING_FIELD',
    `The submitted command is missing a mandatory field: synchronizer_id (the submitting parties are hosted on ${shared.map((info) => info.id).join(', ')})`,
    { details: { field_name: 'synchronizer_id' } },
  );
}
