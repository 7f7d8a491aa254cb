import type { LfValue } from '@pocketnet/daml-lf';
import { fromLedgerValue, toLedgerValue } from '@pocketnet/daml-lf';
import type { Command } from '@pocketnet/ledger';
import type { ScriptNode, ScriptTransaction } from './script-ledger.ts';
import type { ScriptPackages } from './script-packages.ts';
import {
  anyOf,
  contractIdOf,
  contractIdValue,
  field,
  fieldsOf,
  lfTypeOf,
  listOf,
  listValue,
  record,
  ScriptValueError,
  text,
  tyconOf,
  typeRepOf,
  variant,
  variantOf,
} from './script-values.ts';

// Commands of a submission (Daml.Script.Internal.Questions.Commands) to the ledger's commands,
// and a committed transaction back to the results and tree the library expects.

/** The type names of the library and its dependencies the runner builds values of. */
export type ScriptTypes = ReturnType<typeof scriptTypes>;

export function scriptTypes(packages: ScriptPackages) {
  const script = (module: string, name: string) =>
    packages.tycon('daml-script', `Daml.Script.Internal.${module}`, name);
  const any = (name: string) =>
    packages.tycon('ghc-stdlib-DA-Internal-Any', 'DA.Internal.Any', name);
  const types = (name: string) => packages.tycon('daml-prim-DA-Types', 'DA.Types', name);
  return {
    tuple2: types('Tuple2'),
    tuple3: types('Tuple3'),
    either: types('Either'),
    anyTemplate: any('AnyTemplate'),
    anyChoice: any('AnyChoice'),
    anyContractKey: any('AnyContractKey'),
    templateTypeRep: any('TemplateTypeRep'),
    commandResult: script('Questions.Commands', 'CommandResult'),
    transactionTree: script('Questions.TransactionTree', 'TransactionTree'),
    treeEvent: script('Questions.TransactionTree', 'TreeEvent'),
    created: script('Questions.TransactionTree', 'Created'),
    exercised: script('Questions.TransactionTree', 'Exercised'),
    anyContractId: script('Questions.Util', 'AnyContractId'),
    partyDetails: script('Questions.PartyManagement', 'PartyDetails'),
    submitError: script('Questions.Submit.Error', 'SubmitError'),
    submitErrorRecord: (name: string) => script('Questions.Submit.Error', `SubmitError.${name}`),
    nonEmpty: packages.tycon('daml-stdlib-DA-NonEmpty-Types', 'DA.NonEmpty.Types', 'NonEmpty'),
    user: script('Questions.UserManagement', 'User'),
    userId: script('Questions.UserManagement', 'UserId'),
    userRight: script('Questions.UserManagement', 'UserRight'),
  };
}

export const tuple = (types: ScriptTypes, items: readonly LfValue[]): LfValue =>
  record(items.length === 2 ? types.tuple2 : types.tuple3, items);

export const left = (types: ScriptTypes, value: LfValue) => variant(types.either, 'Left', 0, value);

export const right = (types: ScriptTypes, value: LfValue) =>
  variant(types.either, 'Right', 1, value);

/** A template (or interface) id as the ledger spells it, from a `TemplateTypeRep`. */
export function templateIdOf(templateTypeRep: LfValue): string {
  const rep = typeRepOf(field(templateTypeRep, 0, 'TemplateTypeRep'), 'a template type');
  return tyconOf(rep.type, 'a template type rep');
}

function payloadOf(packages: ScriptPackages, anyTemplate: LfValue) {
  const any = anyOf(field(anyTemplate, 0, 'AnyTemplate'), 'a template value');
  const templateId = tyconOf(any.type, 'a template');
  const type = packages.valueTypes.valueType(packages.typeOf(templateId));
  return { templateId, value: toLedgerValue(type, any.value) };
}

function choiceOf(packages: ScriptPackages, anyChoice: LfValue) {
  const any = anyOf(field(anyChoice, 0, 'AnyChoice'), 'a choice argument');
  const argumentType = tyconOf(any.type, 'a choice argument');
  const choice = argumentType.slice(argumentType.lastIndexOf(':') + 1);
  const type = packages.valueTypes.valueType(lfTypeOf(any.type));
  return { choice, choiceArgument: toLedgerValue(type, any.value) };
}

/** One `Command` of the library as the ledger's command. */
export function ledgerCommand(packages: ScriptPackages, command: LfValue): Command {
  const { constructor: kind, value } = variantOf(command, 'a command');
  const fields = fieldsOf(value, kind);
  switch (kind) {
    case 'Create': {
      const { templateId, value: createArguments } = payloadOf(packages, fields[0] as LfValue);
      return { kind: 'create', templateId, createArguments };
    }
    case 'Exercise':
      return {
        kind: 'exercise',
        templateId: templateIdOf(fields[0] as LfValue),
        contractId: contractIdOf(fields[1] as LfValue),
        ...choiceOf(packages, fields[2] as LfValue),
      };
    case 'ExerciseByKey': {
      const key = anyOf(field(fields[1] as LfValue, 0, 'AnyContractKey'), 'a contract key');
      return {
        kind: 'exerciseByKey',
        templateId: templateIdOf(fields[0] as LfValue),
        contractKey: toLedgerValue(packages.valueTypes.valueType(lfTypeOf(key.type)), key.value),
        ...choiceOf(packages, fields[2] as LfValue),
      };
    }
    case 'CreateAndExercise': {
      const { templateId, value: createArguments } = payloadOf(packages, fields[0] as LfValue);
      return {
        kind: 'createAndExercise',
        templateId,
        createArguments,
        ...choiceOf(packages, fields[1] as LfValue),
      };
    }
    default:
      throw new ScriptValueError(`unknown command ${kind}`);
  }
}

/** The LF signature of a choice of a template or interface. */
function choiceSignature(packages: ScriptPackages, entityId: string, choice: string) {
  const [packageId = '', module = '', name = ''] = entityId.split(':');
  const found = packages.packages.get(packageId)?.modules.get(module);
  const definition =
    found?.templates.get(name)?.choices.get(choice) ??
    found?.interfaces.get(name)?.choices.get(choice);
  if (definition === undefined) {
    throw new ScriptValueError(`${entityId} has no choice ${choice} in the DAR's packages`);
  }
  return definition;
}

function templateTypeRep(types: ScriptTypes, templateId: string): LfValue {
  return record(types.templateTypeRep, [
    { tag: 'TypeRep', type: { tag: 'Con', tycon: templateId } },
  ]);
}

/**
 * A committed transaction as the library's results (one per command: its created contract id
 * or its choice's result) and its tree of the events the submitters see.
 */
export function submitResult(
  packages: ScriptPackages,
  types: ScriptTypes,
  transaction: ScriptTransaction,
  parties: ReadonlySet<string>,
): LfValue {
  const nodes = new Map(transaction.nodes.map((node) => [node.nodeId, node]));
  const exerciseResult = (node: Extract<ScriptNode, { kind: 'exercised' }>) => {
    const signature = choiceSignature(packages, node.interfaceId ?? node.templateId, node.choice);
    return fromLedgerValue(
      packages.valueTypes.valueType(signature.returnType),
      node.exerciseResult,
    );
  };
  const anyContractId = (node: ScriptNode) =>
    record(types.anyContractId, [
      templateTypeRep(types, node.templateId),
      contractIdValue(node.contractId),
    ]);
  const event = (node: ScriptNode): LfValue[] => {
    const visible = node.witnesses.some((party) => parties.has(party));
    if (node.kind === 'created') {
      if (!visible) return [];
      const payload = fromLedgerValue(
        packages.valueTypes.valueType(packages.typeOf(node.templateId)),
        node.createArgument,
      );
      const argument = record(types.anyTemplate, [
        { tag: 'Any', type: { tag: 'Con', tycon: node.templateId }, value: payload },
      ]);
      return [
        variant(
          types.treeEvent,
          'CreatedEvent',
          0,
          record(types.created, [anyContractId(node), argument]),
        ),
      ];
    }
    const children = node.childNodeIds.flatMap((id) => {
      const child = nodes.get(id);
      return child === undefined ? [] : event(child);
    });
    if (!visible) return children;
    const entityId = node.interfaceId ?? node.templateId;
    const signature = choiceSignature(packages, entityId, node.choice);
    const argument = fromLedgerValue(
      packages.valueTypes.valueType(signature.argBinder.type),
      node.choiceArgument,
    );
    const argumentType = signature.argBinder.type;
    if (argumentType.tag !== 'con') throw new ScriptValueError('a choice argument is not a record');
    const [packageId, module, name] = [
      argumentType.tycon.packageId,
      argumentType.tycon.module,
      argumentType.tycon.name,
    ];
    const anyChoice = record(types.anyChoice, [
      {
        tag: 'Any',
        type: { tag: 'Con', tycon: `${packageId}:${module}:${name}` },
        value: argument,
      },
      templateTypeRep(types, entityId),
    ]);
    const exercised = record(types.exercised, [
      anyContractId(node),
      node.choice,
      anyChoice,
      listValue(children),
    ]);
    return [variant(types.treeEvent, 'ExercisedEvent', 1, exercised)];
  };
  const roots = transaction.rootNodeIds.map((id) => nodes.get(id) as ScriptNode);
  const results = roots.map((node) =>
    node.kind === 'created'
      ? variant(types.commandResult, 'CreateResult', 0, contractIdValue(node.contractId))
      : variant(types.commandResult, 'ExerciseResult', 1, exerciseResult(node)),
  );
  const tree = record(types.transactionTree, [listValue(roots.flatMap(event))]);
  return tuple(types, [listValue(results), tree]);
}

/** The commands of a submission's `[CommandWithMeta]`. */
export function ledgerCommands(packages: ScriptPackages, commands: LfValue): Command[] {
  return listOf(commands).map((withMeta) =>
    ledgerCommand(packages, field(withMeta, 0, 'CommandWithMeta')),
  );
}

export const textField = (value: LfValue, index: number, what: string) =>
  text(field(value, index, what), what);
