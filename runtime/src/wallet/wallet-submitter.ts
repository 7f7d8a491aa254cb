import {
  type Command,
  type CreatedNode,
  type ExercisedNode,
  internalSubmission,
  type LedgerEngine,
  type TransactionRecord,
  type UndoLog,
  type Value,
} from '@pocketnet/ledger';

/** The ledger user the validator's wallet backend submits as. */
export const walletBackendUser = 'pocketnet-validator-wallet';

/** How long a command id given for deduplication (a tracking id) is remembered: 24 hours. */
const deduplicationMicros = 24n * 3600n * 1_000_000n;

export type WalletSubmission = {
  readonly actAs: readonly string[];
  readonly readAs?: readonly string[];
  readonly commands: readonly Command[];
  /** A command id that makes the submission idempotent (a second one is DUPLICATE_COMMAND). */
  readonly deduplicationKey?: string;
};

/**
 * Submits the wallet backend's commands to the engine. Without a deduplication key every call
 * gets a fresh command id; with one, the same key within 24 hours is refused as a duplicate.
 */
export function createWalletSubmitter(deps: {
  readonly engine: LedgerEngine;
  readonly now: () => bigint;
  /** A rollback takes the counter back too, so that the commands after it get the same ids. */
  readonly undo: UndoLog;
}) {
  const issued = { count: 0 };
  return async (submission: WalletSubmission): Promise<TransactionRecord> => {
    const counter = issued.count + 1;
    deps.undo.assign(issued, 'count', counter);
    const commandId = submission.deduplicationKey ?? `wallet-${deps.now()}-${counter}`;
    const request = internalSubmission({
      commands: submission.commands,
      userId: walletBackendUser,
      commandId,
      actAs: submission.actAs,
      readAs: submission.readAs ?? [],
      workflowId: 'validator-wallet',
    });
    const deduplicationPeriod =
      submission.deduplicationKey === undefined
        ? request.deduplicationPeriod
        : { kind: 'duration' as const, micros: deduplicationMicros };
    return deps.engine.submit({ ...request, deduplicationPeriod });
  };
}

export type WalletSubmit = ReturnType<typeof createWalletSubmitter>;

export const exercise = (
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: Value,
): Command => ({ kind: 'exercise', templateId, contractId, choice, choiceArgument });

export const create = (templateId: string, createArguments: Value): Command => ({
  kind: 'create',
  templateId,
  createArguments,
});

/** The result of the transaction's first root exercise. */
export function rootResult(record: TransactionRecord): Value {
  const root = record.nodes[record.rootNodeIds[0] ?? 0];
  if (root?.kind !== 'exercised') throw new Error('the transaction has no root exercise');
  return (root as ExercisedNode).exerciseResult;
}

/** The contracts of a transaction created from a template (matched on `:Module:Entity`). */
export function createdOf(record: TransactionRecord, qualifiedName: string): CreatedNode[] {
  return record.nodes.filter(
    (node): node is CreatedNode =>
      node.kind === 'created' && node.templateId.endsWith(`:${qualifiedName}`),
  );
}
