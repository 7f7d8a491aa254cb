import type { ParticipantState, ReassignmentRecord, ReassignmentRequest } from '@pocketnet/ledger';
import { accessOf, type Caller, effectiveUserId, requireActAs } from '../services/caller.ts';
import { type EventFilter, hostedOn } from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import type { ReassignmentView } from './reassignment-view.ts';
import { viewReassignment } from './reassignment-view.ts';

/** The write side of reassignments (the ledger engine satisfies it). */
export type ReassignmentWriter = {
  submitReassignment(request: ReassignmentRequest): Promise<ReassignmentRecord>;
};

/** A reassignment submission as the edge parsed it: the user id may be left to the token. */
export type ReassignmentSubmission = ReassignmentRequest;

/**
 * Reassignments on behalf of a caller: the caller must be the request's user (or an admin)
 * and may act as the submitter, as for commands.
 */
export function createReassignments(deps: {
  readonly participant: ParticipantState;
  readonly writer: ReassignmentWriter;
  readonly catalog: TemplateCatalog;
  /** Among several participants, whether this one hosts a party; null when it is alone. */
  readonly hosts?: ((party: string) => boolean) | null;
}) {
  const authorize = (caller: Caller, submission: ReassignmentSubmission): ReassignmentRequest => {
    const access = accessOf(caller, deps.participant);
    const userId = effectiveUserId(access, submission.userId || undefined);
    requireActAs(access, [submission.submitter]);
    return { ...submission, userId };
  };
  const service = {
    /** Resolves with the reassignment once committed. */
    submitAndWait: (caller: Caller, submission: ReassignmentSubmission) =>
      deps.writer.submitReassignment(authorize(caller, submission)),
    /** Canton's asynchronous submit: the completion stream reports the outcome. */
    async submit(caller: Caller, submission: ReassignmentSubmission): Promise<void> {
      await deps.writer.submitReassignment(authorize(caller, submission));
    },
    /** The part of a reassignment `filter` shows, or null when it shows none of it. */
    view: (record: ReassignmentRecord, filter: EventFilter) =>
      viewReassignment(record, hostedOn(filter, deps.hosts ?? null), deps.catalog),
  };
  return service satisfies Reassignments;
}

export interface Reassignments {
  /** Resolves with the reassignment once committed. */
  submitAndWait: (
    caller: Caller,
    submission: ReassignmentSubmission,
  ) => Promise<ReassignmentRecord>;
  /** Canton's asynchronous submit: the completion stream reports the outcome. */
  submit(caller: Caller, submission: ReassignmentSubmission): Promise<void>;
  /** The part of a reassignment `filter` shows, or null when it shows none of it. */
  view: (record: ReassignmentRecord, filter: EventFilter) => ReassignmentView | null;
}
