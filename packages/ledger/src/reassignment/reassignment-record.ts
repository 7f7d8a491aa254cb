import type { CreatedNode, SubmissionInfo } from '../transaction.ts';

/** One contract moved by a reassignment, with its counter after the move. */
export type ReassignmentEvent = {
  readonly contractId: string;
  /** Shared by the unassignment and its assignment: +1 per unassignment, 0 at creation. */
  readonly reassignmentCounter: number;
  /** The contract as it was created: an assigned event carries it whole. */
  readonly contract: CreatedNode;
};

/**
 * A reassignment update: the unassignment of contracts from their synchronizer, or their
 * assignment to the target one. Both carry the id of the unassignment (Canton's reassignment
 * id, Scan's `unassign_id`); the contracts are in flight between the two.
 */
export type ReassignmentRecord = {
  readonly type: 'reassignment';
  readonly offset: number;
  readonly updateId: string;
  /** The synchronizer that sequenced it: the source of an unassignment, the target of an assignment. */
  readonly synchronizerId: string;
  readonly recordTime: string;
  readonly workflowId: string;
  /** The Ledger API submission it completes. */
  readonly submission: SubmissionInfo;
  readonly kind: 'unassign' | 'assign';
  readonly reassignmentId: string;
  readonly source: string;
  readonly target: string;
  readonly submitter: string;
  readonly events: readonly ReassignmentEvent[];
};

/** One command of a reassignment submission, as the Ledger API's ReassignmentCommand has it. */
export type ReassignmentCommand =
  | {
      readonly kind: 'unassign';
      readonly contractId: string;
      readonly source: string;
      readonly target: string;
    }
  | {
      readonly kind: 'assign';
      readonly reassignmentId: string;
      readonly source: string;
      readonly target: string;
    };

/** A reassignment submission (ReassignmentCommands) after the edge parsed it. */
export type ReassignmentRequest = {
  readonly userId: string;
  readonly commandId: string;
  readonly submissionId: string;
  readonly workflowId: string;
  readonly submitter: string;
  readonly commands: readonly ReassignmentCommand[];
};

/** Where a contract is: its synchronizer (null while in flight) and its reassignment counter. */
export type ContractLocation = {
  readonly synchronizerId: string | null;
  readonly reassignmentCounter: number;
  /** The unassignment it is in flight by, or null when it is assigned. */
  readonly unassignment: ReassignmentRecord | null;
};
