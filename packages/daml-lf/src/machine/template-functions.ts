import type { TypeConName } from '../ast/names.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import type { DefTemplate, TemplateChoice, TemplateImplements } from '../ast.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { FunctionValue, RecordValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { closedFunction } from './compile-functions.ts';
import { findTemplate, interfaceOf, parseQualifiedName, templateOf } from './program.ts';

/**
 * The parts of templates, interfaces and choices as closed functions, compiled once per
 * program: what the machine calls for interface values and the erasure calls for the ledger.
 */
export function templateOfValue(
  context: CompileContext,
  value: RecordValue,
): { name: TypeConName; template: DefTemplate } {
  const name = parseQualifiedName(value.tycon);
  return { name, template: templateOf(context.program, name) };
}

export function implementationOf(
  template: DefTemplate,
  iface: TypeConName,
): TemplateImplements | undefined {
  return template.implements.get(qualifiedNameKey(iface));
}

type TemplatePart = 'signatories' | 'observers' | 'precond';

/** `λ this . <part>` of a template. */
export function templatePart(
  context: CompileContext,
  name: TypeConName,
  part: TemplatePart,
): FunctionValue {
  const template = templateOf(context.program, name);
  return closedFunction(context, `${part} ${qualifiedNameKey(name)}`, {
    params: [template.param],
    body: template[part],
  });
}

export function viewFunction(
  context: CompileContext,
  template: TypeConName,
  iface: TypeConName,
): FunctionValue {
  const definition = templateOf(context.program, template);
  const implementation = implementationOf(definition, iface);
  if (implementation === undefined)
    throw new FatalFailure(`${template.name} does not implement ${iface.name}`);
  return closedFunction(context, `view ${qualifiedNameKey(template)} ${qualifiedNameKey(iface)}`, {
    params: [definition.param],
    body: implementation.view,
  });
}

export function methodFunction(
  context: CompileContext,
  template: TypeConName,
  iface: TypeConName,
  method: string,
): FunctionValue {
  const definition = templateOf(context.program, template);
  const body = implementationOf(definition, iface)?.methods.get(method);
  if (body === undefined)
    throw new FatalFailure(`${template.name} has no method ${method} of ${iface.name}`);
  return closedFunction(
    context,
    `method ${qualifiedNameKey(template)} ${qualifiedNameKey(iface)} ${method}`,
    {
      params: [definition.param],
      body,
    },
  );
}

/** A choice of a template, or of an interface (whose `this` is the interface value). */
export function choiceOf(
  context: CompileContext,
  owner: TypeConName,
  choice: string,
): { param: string; choice: TemplateChoice } {
  const template = findTemplate(context.program, owner);
  const definition = template ?? interfaceOf(context.program, owner);
  const found = definition.choices.get(choice);
  if (found === undefined) throw new FatalFailure(`${owner.name} has no choice ${choice}`);
  return { param: definition.param, choice: found };
}

type ChoicePart = 'controllers' | 'observers' | 'authorizers';

/** `λ this arg . <part>`, or null when the choice has no such part. */
export function choicePart(
  context: CompileContext,
  owner: TypeConName,
  name: string,
  part: ChoicePart,
): FunctionValue | null {
  const { param, choice } = choiceOf(context, owner, name);
  const body = choice[part];
  if (body === undefined) return null;
  return closedFunction(context, `${part} ${qualifiedNameKey(owner)} ${name}`, {
    params: [param, choice.argBinder.name],
    body,
  });
}

/** `λ self this arg . update`: the choice's body, an Update to run on the token. */
export function choiceBody(
  context: CompileContext,
  owner: TypeConName,
  name: string,
): FunctionValue {
  const { param, choice } = choiceOf(context, owner, name);
  return closedFunction(context, `body ${qualifiedNameKey(owner)} ${name}`, {
    params: [choice.selfBinder, param, choice.argBinder.name],
    body: choice.update,
  });
}
