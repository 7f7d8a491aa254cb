import { createPartyListPool } from '../interpreter/parties.ts';
import {
  type CreatedNode,
  type ExercisedNode,
  firstNodeOnly,
  type JournalRecord,
  noNodeIds,
  type SubmissionInfo,
  type TransactionNode,
  type TransactionRecord,
} from '../transaction.ts';
import type { Value } from '../value.ts';
import { emptyList } from '../values/check-value.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One instance of each identifier string and party list: JSON.parse gives every occurrence its
 * own copy, where the live engine's records share them. Only identifiers are added (parties,
 * template ids, package names, user ids, ...), so the pool grows with those, not with values.
 */
export type StringPool = {
  /** The pooled instance of `text`, adding it when it is new. */
  intern(text: string): string;
  /** The pooled instance of `text` if there is one, else `text` itself. */
  shared(text: string): string;
  /** The pooled instance of a party list, its parties interned. */
  parties(parties: readonly string[]): readonly string[];
};

export function createStringPool(): StringPool {
  const strings = new Map<string, string>();
  const intern = (text: string) => {
    const pooled = strings.get(text);
    if (pooled !== undefined) return pooled;
    strings.set(text, text);
    return text;
  };
  // The pool lives for one replay only, so it needs no bound.
  const lists = createPartyListPool(Number.POSITIVE_INFINITY);
  return {
    intern,
    shared: (text) => strings.get(text) ?? text,
    parties: (parties) => lists(parties.map(intern)),
  };
}

/**
 * Strings inside a value that are already pooled (party ids, mostly) are shared too, and
 * empty lists are the one frozen empty list, as the live engine's values are.
 */
function shareValue(pool: StringPool, value: Value): Value {
  if (typeof value === 'string') return pool.shared(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value) && value.length === 0) return emptyList;
  // A value is plain JSON, fresh from JSON.parse: its arrays and objects can be rewritten.
  const fields = value as unknown as Record<string, Value>;
  for (const key of Object.keys(fields)) fields[key] = shareValue(pool, fields[key] ?? null);
  return value;
}

function internCreated(pool: StringPool, node: Mutable<CreatedNode>, at: string): void {
  node.templateId = pool.intern(node.templateId);
  node.packageName = pool.intern(node.packageName);
  node.signatories = pool.parties(node.signatories);
  node.observers = pool.parties(node.observers);
  // Equal lists become one: a root create's witnesses are its signatories' array, as live.
  node.witnesses = pool.parties(node.witnesses);
  if (node.createdAt === at) node.createdAt = at;
  shareValue(pool, node.createArgument);
  if (node.contractKey !== null) node.contractKey = shareValue(pool, node.contractKey);
}

function internExercised(pool: StringPool, node: Mutable<ExercisedNode>): void {
  node.templateId = pool.intern(node.templateId);
  if (node.interfaceId !== null) node.interfaceId = pool.intern(node.interfaceId);
  node.packageName = pool.intern(node.packageName);
  node.choice = pool.intern(node.choice);
  node.actingParties = pool.parties(node.actingParties);
  node.witnesses = pool.parties(node.witnesses);
  node.stakeholders = pool.parties(node.stakeholders);
  node.signatories = pool.parties(node.signatories);
  node.implementedInterfaces = node.implementedInterfaces.map((id) => pool.intern(id));
  node.choiceArgument = shareValue(pool, node.choiceArgument);
  node.exerciseResult = shareValue(pool, node.exerciseResult);
  node.childNodeIds = sharedNodeIds(node.childNodeIds);
}

function sharedNodeIds(nodeIds: readonly number[]): readonly number[] {
  if (nodeIds.length === 0) return noNodeIds;
  return nodeIds.length === 1 && nodeIds[0] === 0 ? firstNodeOnly : nodeIds;
}

function internSubmission(pool: StringPool, submission: Mutable<SubmissionInfo>): void {
  submission.userId = pool.intern(submission.userId);
  submission.actAs = pool.parties(submission.actAs);
}

function internTransaction(pool: StringPool, record: Mutable<TransactionRecord>): void {
  // JSON.parse internalizes only strings of up to 10 characters; this is the constant.
  record.type = 'transaction';
  record.rootNodeIds = sharedNodeIds(record.rootNodeIds);
  // The live engine formats one instant once: the record and its creates share it.
  if (record.effectiveAt === record.recordTime) record.effectiveAt = record.recordTime;
  if (record.submission !== null) internSubmission(pool, record.submission);
  for (const node of record.nodes as Mutable<TransactionNode>[]) {
    if (node.kind === 'created') internCreated(pool, node, record.effectiveAt);
    else internExercised(pool, node);
  }
}

/**
 * Rewrites a freshly decoded record in place so that its identifiers are the pool's instances
 * and equal timestamps are one string: replayed state then weighs what the live state does.
 * The record stays equal (as values) to what was decoded.
 */
export function internRecord(pool: StringPool, record: JournalRecord): JournalRecord {
  switch (record.type) {
    case 'admin':
      return record;
    case 'transaction':
      internTransaction(pool, record as Mutable<TransactionRecord>);
      break;
    case 'rejection':
      internSubmission(pool, record.submission as Mutable<SubmissionInfo>);
      break;
    case 'topology': {
      const topology = record as Mutable<typeof record>;
      topology.participantId = pool.intern(record.participantId);
      topology.parties = pool.parties(record.parties);
      break;
    }
    case 'reassignment':
      // Rare (issue 10): only its submission and synchronizer are pooled.
      internSubmission(pool, record.submission as Mutable<SubmissionInfo>);
      break;
  }
  (record as Mutable<typeof record>).synchronizerId = pool.intern(record.synchronizerId);
  return record;
}
