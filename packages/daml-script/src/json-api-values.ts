import type { Command, Value } from '@pocketnet/ledger';
import type {
  ScriptNode,
  ScriptTransaction,
  ScriptUser,
  ScriptUserRight,
} from './script-ledger.ts';

// The JSON Ledger API's (v2) encodings of commands, transactions and user rights.

export type Json = Record<string, unknown>;

export function commandJson(command: Command): Json {
  switch (command.kind) {
    case 'create':
      return {
        CreateCommand: {
          templateId: command.templateId,
          createArguments: command.createArguments,
        },
      };
    case 'exercise':
      return {
        ExerciseCommand: {
          templateId: command.templateId,
          contractId: command.contractId,
          choice: command.choice,
          choiceArgument: command.choiceArgument,
        },
      };
    case 'exerciseByKey':
      return {
        ExerciseByKeyCommand: {
          templateId: command.templateId,
          contractKey: command.contractKey,
          choice: command.choice,
          choiceArgument: command.choiceArgument,
        },
      };
    case 'createAndExercise':
      return {
        CreateAndExerciseCommand: {
          templateId: command.templateId,
          createArguments: command.createArguments,
          choice: command.choice,
          choiceArgument: command.choiceArgument,
        },
      };
  }
}

export type CreatedJson = {
  nodeId: number;
  contractId: string;
  templateId: string;
  createArgument: Value;
  createdEventBlob?: string;
  witnessParties: string[];
  interfaceViews?: { viewValue?: Value | null }[];
};
type ExercisedJson = {
  nodeId: number;
  contractId: string;
  templateId: string;
  interfaceId?: string;
  choice: string;
  choiceArgument: Value;
  witnessParties: string[];
  lastDescendantNodeId: number;
  exerciseResult: Value;
};

/**
 * A LEDGER_EFFECTS transaction's events (in node order, each exercise knowing its last
 * descendant) back as a tree of nodes.
 */
export function transactionOfEvents(events: readonly Json[]): ScriptTransaction {
  const rootNodeIds: number[] = [];
  const nodes: ScriptNode[] = [];
  const open: { nodeId: number; last: number; children: number[] }[] = [];
  const entries = events
    .map((event) => {
      const created = event.CreatedEvent as CreatedJson | undefined;
      const exercised = event.ExercisedEvent as ExercisedJson | undefined;
      return { created, exercised, nodeId: (created ?? exercised)?.nodeId ?? 0 };
    })
    .sort((a, b) => a.nodeId - b.nodeId);
  for (const { created, exercised, nodeId } of entries) {
    while (open.length > 0 && (open.at(-1)?.last ?? 0) < nodeId) open.pop();
    (open.at(-1)?.children ?? rootNodeIds).push(nodeId);
    if (created) {
      nodes.push({
        kind: 'created',
        nodeId,
        contractId: created.contractId,
        templateId: created.templateId,
        createArgument: created.createArgument as never,
        witnesses: created.witnessParties,
      });
    } else if (exercised) {
      const children: number[] = [];
      open.push({ nodeId, last: exercised.lastDescendantNodeId, children });
      nodes.push({
        kind: 'exercised',
        nodeId,
        contractId: exercised.contractId,
        templateId: exercised.templateId,
        interfaceId: exercised.interfaceId ?? null,
        choice: exercised.choice,
        choiceArgument: exercised.choiceArgument,
        witnesses: exercised.witnessParties,
        childNodeIds: children,
        exerciseResult: exercised.exerciseResult,
      });
    }
  }
  return { rootNodeIds, nodes };
}

export const rightJson = (right: ScriptUserRight): Json => {
  switch (right.kind) {
    case 'participantAdmin':
      return { kind: { ParticipantAdmin: { value: {} } } };
    case 'canActAs':
      return { kind: { CanActAs: { value: { party: right.party } } } };
    case 'canReadAs':
      return { kind: { CanReadAs: { value: { party: right.party } } } };
    case 'canReadAsAnyParty':
      return { kind: { CanReadAsAnyParty: { value: {} } } };
  }
};

export const rightOfJson = (json: Json): ScriptUserRight[] => {
  const kind = (json.kind ?? {}) as Record<string, { value?: { party?: string } }>;
  if (kind.ParticipantAdmin) return [{ kind: 'participantAdmin' }];
  if (kind.CanReadAsAnyParty) return [{ kind: 'canReadAsAnyParty' }];
  const actAs = kind.CanActAs?.value?.party;
  if (actAs !== undefined) return [{ kind: 'canActAs', party: actAs }];
  const readAs = kind.CanReadAs?.value?.party;
  if (readAs !== undefined) return [{ kind: 'canReadAs', party: readAs }];
  return [];
};

export const userOfJson = (json: Json): ScriptUser => ({
  userId: String(json.id),
  primaryParty:
    typeof json.primaryParty === 'string' && json.primaryParty ? json.primaryParty : null,
});
