import type { ReassignmentRecord } from './reassignment/reassignment-record.ts';
import type { RecordValue, Value } from './value.ts';

/** `packageId:Module.Path:Entity`, the form events carry. */
export type TemplateIdString = string;

export type InterfaceView = {
  readonly interfaceId: TemplateIdString;
  readonly viewValue: Value;
  /** The package whose interface instance computed the view (the contract's, or an upgrade's). */
  readonly implementationPackageId?: string;
};

export type CreatedNode = {
  readonly kind: 'created';
  readonly nodeId: number;
  readonly contractId: string;
  readonly templateId: TemplateIdString;
  readonly packageName: string;
  readonly createArgument: RecordValue;
  readonly contractKey: Value | null;
  readonly signatories: readonly string[];
  readonly observers: readonly string[];
  /** Parties that see this node: its stakeholders plus the witnesses of its enclosing actions. */
  readonly witnesses: readonly string[];
  readonly createdAt: string;
};

export type ExercisedNode = {
  readonly kind: 'exercised';
  readonly nodeId: number;
  readonly contractId: string;
  readonly templateId: TemplateIdString;
  readonly interfaceId: TemplateIdString | null;
  readonly packageName: string;
  readonly choice: string;
  readonly choiceArgument: Value;
  readonly actingParties: readonly string[];
  readonly consuming: boolean;
  readonly witnesses: readonly string[];
  /** Stakeholders of the exercised contract (signatories and observers). */
  readonly stakeholders: readonly string[];
  readonly signatories: readonly string[];
  readonly childNodeIds: readonly number[];
  readonly lastDescendantNodeId: number;
  readonly exerciseResult: Value;
  readonly implementedInterfaces: readonly TemplateIdString[];
};

export type TransactionNode = CreatedNode | ExercisedNode;

/** The parts of a submission that completions and deduplication report back. */
export type SubmissionInfo = {
  readonly userId: string;
  readonly commandId: string;
  readonly actAs: readonly string[];
  readonly submissionId: string;
  readonly workflowId: string;
};

export type TransactionRecord = {
  readonly type: 'transaction';
  readonly offset: number;
  readonly updateId: string;
  readonly synchronizerId: string;
  readonly effectiveAt: string;
  readonly recordTime: string;
  readonly workflowId: string;
  /** Absent for transactions not submitted through the Ledger API (genesis, automation). */
  readonly submission: SubmissionInfo | null;
  /** Nodes in pre-order: a parent always precedes its children; nodeId = index. */
  readonly nodes: readonly TransactionNode[];
  readonly rootNodeIds: readonly number[];
  /**
   * An externally signed transaction (interactive submission): the hash its parties signed
   * (hex, the Ledger API's externalTransactionHash) and the prepared transaction's UUID.
   */
  readonly external?: { readonly transactionHash: string; readonly transactionUuid: string };
};

/** A submission that was rejected after acknowledgement (async submit): only a completion. */
export type RejectionRecord = {
  readonly type: 'rejection';
  readonly offset: number;
  readonly recordTime: string;
  readonly synchronizerId: string;
  readonly submission: SubmissionInfo;
  readonly status: { readonly code: string; readonly message: string; readonly grpcCode: number };
};

/** A party newly hosted by the participant: the Ledger API's TopologyTransaction update. */
export type TopologyRecord = {
  readonly type: 'topology';
  readonly offset: number;
  readonly updateId: string;
  readonly synchronizerId: string;
  readonly recordTime: string;
  readonly participantId: string;
  readonly parties: readonly string[];
  /** Local metadata and identity provider the allocation asked for (empty provider = default). */
  readonly annotations: Readonly<Record<string, string>>;
  readonly identityProviderId: string;
  /** The user that received act-as rights on the new parties, if any. */
  readonly grantedTo: string | null;
};

/**
 * A change to participant-local administrative state (users, rights, identity providers,
 * party metadata). It has no offset: it is not part of the ledger, but it is journaled so
 * that a restart restores it.
 */
export type AdminRecord = {
  readonly type: 'admin';
  /**
   * The participant whose state it changes, when the synchronizer has several; absent: its
   * first participant (so journals of one participant read as before).
   */
  readonly participantId?: string;
  readonly recordTime: string;
  readonly change: { readonly kind: string } & Readonly<Record<string, unknown>>;
};

/** Reassignments (issue 10) move contracts between synchronizers: see reassignment/. */
export type LedgerRecord =
  | TransactionRecord
  | RejectionRecord
  | TopologyRecord
  | ReassignmentRecord;
export type JournalRecord = LedgerRecord | AdminRecord;

/** Shared node-id lists: most transactions are rooted at node 0 alone, most exercises are leaves. */
export const firstNodeOnly: readonly number[] = Object.freeze([0]);
export const noNodeIds: readonly number[] = Object.freeze([]);

export function hasOffset(record: JournalRecord): record is LedgerRecord {
  return record.type !== 'admin';
}

/**
 * The node of `record` that created `contractId`. Indexes keep the record of a contract rather
 * than an object per contract that points into it: a record has few nodes, and its nodes'
 * ids are the very strings the index is keyed by, so the scan compares pointers.
 */
export function createdNodeIn(
  record: TransactionRecord,
  contractId: string,
): CreatedNode | undefined {
  for (const node of record.nodes) {
    if (node.kind === 'created' && node.contractId === contractId) return node;
  }
  return undefined;
}

/** The consuming exercise of `record` that archived `contractId`. */
export function archivingNodeIn(
  record: TransactionRecord,
  contractId: string,
): ExercisedNode | undefined {
  for (const node of record.nodes) {
    if (node.kind === 'exercised' && node.consuming && node.contractId === contractId) return node;
  }
  return undefined;
}
