import type {
  ChoiceDefinition,
  ImplementationDefinition,
  RecordType,
  TemplateDefinition,
} from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { DefTemplate, TemplateImplements } from '../ast.ts';
import { interfaceOf } from '../machine/program.ts';
import { templatePart, viewFunction } from '../machine/template-functions.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { FunctionValue } from '../values/lf-value.ts';
import { eraseChoice } from './erase-choice.ts';
import type { ErasureContext } from './erasure-context.ts';

function recordTypeOf(context: ErasureContext, name: TypeConName): RecordType {
  let type = context.valueTypes.typeConType(name);
  while (type.kind === 'named') type = type.resolve();
  if (type.kind !== 'record') throw new FatalFailure(`template ${name.name} is not a record`);
  return type;
}

function implementation(
  context: ErasureContext,
  template: TypeConName,
  payloadType: RecordType,
  instance: TemplateImplements,
): ImplementationDefinition {
  const iface = context.definitions.iface(instance.interface);
  const declared = interfaceOf(context.compiler.program, instance.interface);
  const choices = new Map<string, ChoiceDefinition>();
  for (const choice of declared.choices.values()) {
    choices.set(choice.name, eraseChoice(context, instance.interface, choice, payloadType));
  }
  const view = viewFunction(context.compiler, template, instance.interface);
  return {
    interface: iface,
    view: (payload) =>
      context.calls.ledgerValue(
        iface.viewType,
        context.calls.call(view, [context.calls.value(payloadType, payload)]),
      ),
    typedView: true,
    bodies: new Map(),
    choices,
  };
}

/** An LF template as the ledger runs templates: every part evaluated by the machine. */
export function eraseTemplate(
  context: ErasureContext,
  name: TypeConName,
  definition: DefTemplate,
  packageName: string,
): TemplateDefinition {
  const payloadType = recordTypeOf(context, name);
  const { calls, compiler } = context;
  // Compiled on first use, then kept.
  const parts = new Map<'signatories' | 'observers' | 'precond', FunctionValue>();
  const partOf = (part: 'signatories' | 'observers' | 'precond'): FunctionValue => {
    let fn = parts.get(part);
    if (fn === undefined) {
      fn = templatePart(compiler, name, part);
      parts.set(part, fn);
    }
    return fn;
  };
  const over =
    (part: 'signatories' | 'observers') =>
    (payload: Parameters<TemplateDefinition['signatories']>[0]) =>
      calls.parties(partOf(part), [calls.value(payloadType, payload)]);
  const choices = new Map<string, ChoiceDefinition>();
  for (const choice of definition.choices.values()) {
    choices.set(choice.name, eraseChoice(context, name, choice, payloadType));
  }
  return {
    kind: 'template',
    id: { packageName, module: name.module, entity: name.name },
    payloadType,
    signatories: over('signatories'),
    observers: over('observers'),
    ensure: (payload) =>
      calls.call(partOf('precond'), [calls.value(payloadType, payload)]) === true,
    key: null,
    choices,
    implementations: [...definition.implements.values()].map((instance) =>
      implementation(context, name, payloadType, instance),
    ),
  };
}
