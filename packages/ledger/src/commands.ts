import type { Value } from './value.ts';

/** A command after the edge parsed it; template ids are still references as the client sent them. */
export type Command =
  | { readonly kind: 'create'; readonly templateId: string; readonly createArguments: Value }
  | {
      readonly kind: 'exercise';
      readonly templateId: string;
      readonly contractId: string;
      readonly choice: string;
      readonly choiceArgument: Value;
    }
  | {
      readonly kind: 'exerciseByKey';
      readonly templateId: string;
      readonly contractKey: Value;
      readonly choice: string;
      readonly choiceArgument: Value;
    }
  | {
      readonly kind: 'createAndExercise';
      readonly templateId: string;
      readonly createArguments: Value;
      readonly choice: string;
      readonly choiceArgument: Value;
    };

export type DisclosedContract = {
  readonly templateId: string | null;
  readonly contractId: string;
  readonly createdEventBlob: string;
  readonly synchronizerId: string | null;
};

export type DeduplicationPeriod =
  | { readonly kind: 'duration'; readonly micros: bigint }
  | { readonly kind: 'offset'; readonly offset: number }
  | { readonly kind: 'empty' };

export type SubmitRequest = {
  readonly commands: readonly Command[];
  readonly userId: string;
  readonly commandId: string;
  readonly submissionId: string;
  readonly workflowId: string;
  readonly actAs: readonly string[];
  readonly readAs: readonly string[];
  readonly deduplicationPeriod: DeduplicationPeriod;
  readonly disclosedContracts: readonly DisclosedContract[];
  readonly synchronizerId: string | null;
  /** Lower bound on ledger time, in microseconds since the epoch. */
  readonly minLedgerTimeMicros: bigint | null;
  /** Package ids `#name:…` references use before the highest vetted version of the name. */
  readonly packageIdSelectionPreference?: readonly string[];
};

/**
 * A submission of the node's own (genesis, automation, benchmarks): no readers, no disclosure,
 * no deduplication window, and the command id doubling as the submission id.
 */
export function internalSubmission(request: {
  readonly commands: readonly Command[];
  readonly userId: string;
  readonly commandId: string;
  readonly actAs: readonly string[];
  readonly readAs?: readonly string[];
  readonly workflowId?: string;
}): SubmitRequest {
  return {
    commands: request.commands,
    userId: request.userId,
    commandId: request.commandId,
    submissionId: request.commandId,
    workflowId: request.workflowId ?? '',
    actAs: request.actAs,
    readAs: request.readAs ?? [],
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
  };
}
