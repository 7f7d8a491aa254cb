import {
  DomainError,
  type ParticipantState,
  type SubmitRequest,
  type TransactionRecord,
} from '@pocketnet/ledger';
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
export function createCommands(deps: { participant: ParticipantState; writer: CommandWriter }) {
  const authorize = (caller: Caller, submission: CommandSubmission): SubmitRequest => {
    const access = accessOf(caller, deps.participant);
    const userId = effectiveUserId(access, submission.userId || undefined);
    requireActAs(access, submission.actAs);
    requireReadAs(access, submission.readAs);
    return { ...submission, userId };
  };
  return {
    submitAndWait: (caller: Caller, submission: CommandSubmission) =>
      deps.writer.submit(authorize(caller, submission)),
    submit: (caller: Caller, submission: CommandSubmission) =>
      deps.writer.submitAsync(authorize(caller, submission)),
    /** One synchronizer means there is nowhere to reassign to; issue 10 brings several. */
    refuseReassignment(caller: Caller): never {
      accessOf(caller, deps.participant);
      throw new DomainError(
        'NO_SYNCHRONIZER_FOR_SUBMISSION',
        'This node is connected to a single synchronizer, so there is nowhere to reassign a contract to',
      );
    },
  };
}

export type Commands = ReturnType<typeof createCommands>;
