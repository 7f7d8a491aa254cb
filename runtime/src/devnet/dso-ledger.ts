import {
  type Command,
  type PackageRegistry,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { WatchedTemplates } from '../projections/watched-templates.projection.ts';
import { type ArgumentFields, exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';

type TemplateRef<P, C> = spliceVocabulary.TemplateRef<P, C>;
type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;

export type DsoContract<P> = {
  readonly contractId: string;
  readonly payload: P;
  /** When the contract was created (the ledger time of its transaction). */
  readonly createdAt: string;
};

/** What the DSO's automation reads and does: active contracts by template, commands as the DSO. */
export type DsoLedger = {
  readonly dso: string;
  active<P, C>(template: TemplateRef<P, C>): DsoContract<P>[];
  exercise<P, C, A, R>(
    template: TemplateRef<P, C>,
    contractId: string,
    choice: ChoiceRef<A, R>,
    argument: ArgumentFields<A>,
  ): Promise<TransactionRecord>;
  /**
   * The field names of a record in a choice's argument, as the package the reference selects
   * declares them: Splice's releases differ there (`--splice-dars` runs an older one).
   */
  argumentFields<P, C, A, R>(
    template: TemplateRef<P, C>,
    choice: ChoiceRef<A, R>,
    field: keyof A & string,
  ): ReadonlySet<string>;
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
    active: (template) =>
      deps.watched.active(templateIdOf(template.templateId)).map((node) => ({
        contractId: node.contractId,
        payload: payloadOf(template, node.createArgument),
        createdAt: node.createdAt,
      })),
    exercise: (template, contractId, choice, argument) =>
      deps.submit([deps.dso], [exerciseOf(template, contractId, choice, argument)]),
    argumentFields(template, choice, field) {
      const { definition } = deps.packages.resolveTemplate(template.templateId);
      const argument = definition.choices.get(choice.name)?.argumentType;
      const nested =
        argument?.kind === 'record'
          ? argument.fields.find((candidate) => candidate.name === field)?.type
          : undefined;
      if (nested?.kind !== 'record') {
        throw new Error(`${template.templateId} ${choice.name} takes no record ${field}`);
      }
      return new Set(nested.fields.map((candidate) => candidate.name));
    },
  };
}
