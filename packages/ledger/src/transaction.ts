import type { RecordValue, Value } from './value.ts';

/** `packageId:Module.Path:Entity`, the form events carry. */
export type TemplateIdString = string;

export type InterfaceView = {
  readonly interfaceId: TemplateIdString;
  readonly viewValue: Value;
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
  /** Opaque base64 blob that lets another party use this contract by explicit disclosure. */
  readonly createdEventBlob: string;
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
  readonly recordTime: string;
  readonly change: { readonly kind: string } & Readonly<Record<string, unknown>>;
};

export type LedgerRecord = TransactionRecord | RejectionRecord | TopologyRecord;
export type JournalRecord = LedgerRecord | AdminRecord;

export function hasOffset(record: JournalRecord): record is LedgerRecord {
  return record.type !== 'admin';
}
