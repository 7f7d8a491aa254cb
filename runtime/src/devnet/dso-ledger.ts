import {
  type Command,
  type PackageRegistry,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
  type Value,
} from '@pocketnet/ledger';
import type { WatchedTemplates } from '../projections/watched-templates.projection.ts';

export type DsoContract = {
  readonly contractId: string;
  readonly payload: Record<string, Value>;
  /** When the contract was created (the ledger time of its transaction). */
  readonly createdAt: string;
};

/** What the DSO's automation reads and does: active contracts by template, commands as the DSO. */
export type DsoLedger = {
  readonly dso: string;
  active(templateReference: string): DsoContract[];
  exercise(
    templateReference: string,
    contractId: string,
    choice: string,
    choiceArgument: Value,
  ): Promise<TransactionRecord>;
  /**
   * The field names of a record in a choice's argument, as the package the reference selects
   * declares them: Splice's releases differ there (`--splice-dars` runs an older one).
   */
  argumentFields(templateReference: string, choice: string, field: string): ReadonlySet<string>;
};

export function createDsoLedger(deps: {
  dso: string;
  packages: PackageRegistry;
  watched: WatchedTemplates;
  submit: (actAs: readonly string[], commands: readonly Command[]) => Promise<TransactionRecord>;
  readonly undo: UndoLog;
}): DsoLedger {
  // Resolved by the packages uploaded, which a rollback may take back.
  const templateIds = undoableMap<string, string>(deps.undo);
  const templateIdOf = (reference: string) => {
    let templateId = templateIds.get(reference);
    if (templateId === undefined) {
      templateId = deps.packages.resolveTemplate(reference).templateId;
      templateIds.set(reference, templateId);
    }
    return templateId;
  };
  return {
    dso: deps.dso,
    active: (reference) =>
      deps.watched.active(templateIdOf(reference)).map((node) => ({
        contractId: node.contractId,
        payload: node.createArgument as Record<string, Value>,
        createdAt: node.createdAt,
      })),
    exercise: (templateId, contractId, choice, choiceArgument) =>
      deps.submit(
        [deps.dso],
        [{ kind: 'exercise', templateId, contractId, choice, choiceArgument }],
      ),
    argumentFields(reference, choice, field) {
      const { definition } = deps.packages.resolveTemplate(reference);
      const argument = definition.choices.get(choice)?.argumentType;
      const nested =
        argument?.kind === 'record'
          ? argument.fields.find((candidate) => candidate.name === field)?.type
          : undefined;
      if (nested?.kind !== 'record') {
        throw new Error(`${reference} ${choice} takes no record ${field}`);
      }
      return new Set(nested.fields.map((candidate) => candidate.name));
    },
  };
}
