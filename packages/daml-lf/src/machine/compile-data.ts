import type { Expr, ExprOf } from '../ast/expressions.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import type { LfValue, ListValue, RecordValue, StructValue } from '../values/lf-value.ts';
import { cons, some, structField } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { atomic, constant, construct, derive } from './compiled.ts';
import { constructorRank, fieldIndex, recordFields } from './data-types.ts';
import { builtSource, constantSource, derivedSource, sourceOf } from './generated-code.ts';
import type { Machine } from './machine.ts';
import type { Scope } from './scope.ts';

function compileRecord(context: CompileContext, scope: Scope, expr: ExprOf<'recCon'>): Compiled {
  const declared = recordFields(context.program, expr.tycon.tycon);
  const positions = expr.fields.map((field) => declared.indexOf(field.field));
  const parts = expr.fields.map((field) => context.expression(scope, field.expr));
  const tycon = qualifiedNameKey(expr.tycon.tycon);
  const inOrder = positions.every((position, index) => position === index);
  const build = (values: readonly LfValue[]): LfValue => {
    if (inOrder && values.length === declared.length) {
      return { tag: 'Record', tycon, fields: values };
    }
    const fields = new Array<LfValue>(declared.length);
    for (let index = 0; index < values.length; index += 1) {
      fields[positions[index] as number] = values[index] as LfValue;
    }
    return { tag: 'Record', tycon, fields };
  };
  const compiled = construct(parts, build);
  if (!inOrder || parts.length !== declared.length) {
    // Fields given out of their declared order are still evaluated in the order written.
    return { ...compiled, source: builtSource(scope.function, build, parts) };
  }
  const sources = parts.map((part) => sourceOf(scope.function, part));
  const source = `{ tag: 'Record', tycon: ${JSON.stringify(tycon)}, fields: [${sources.join(', ')}] }`;
  return { ...compiled, source };
}

function compileProjection(
  context: CompileContext,
  scope: Scope,
  expr: ExprOf<'recProj'>,
): Compiled {
  const index = fieldIndex(context.program, expr.tycon.tycon, expr.field);
  const record = context.expression(scope, expr.record);
  const { location } = record;
  // The field of a variable, the most common projection, read in one step.
  const source = `${sourceOf(scope.function, record)}.fields[${index}]`;
  if (location?.kind === 'local') {
    const { slot } = location;
    const read = (machine: Machine) =>
      (machine.frame[slot] as RecordValue).fields[index] as LfValue;
    return { ...atomic(read), source };
  }
  if (location?.kind === 'captured') {
    const at = location.index;
    const read = (machine: Machine) =>
      (machine.captured[at] as RecordValue).fields[index] as LfValue;
    return { ...atomic(read), source };
  }
  return { ...derive(record, (value) => (value as RecordValue).fields[index] as LfValue), source };
}

function compileRecordUpdate(
  context: CompileContext,
  scope: Scope,
  expr: ExprOf<'recUpd'>,
): Compiled {
  const index = fieldIndex(context.program, expr.tycon.tycon, expr.field);
  const parts = [context.expression(scope, expr.record), context.expression(scope, expr.update)];
  const build = ([record, update]: readonly LfValue[]): LfValue => {
    const old = record as RecordValue;
    const fields = old.fields.slice();
    fields[index] = update as LfValue;
    return { tag: 'Record', tycon: old.tycon, fields };
  };
  return { ...construct(parts, build), source: builtSource(scope.function, build, parts) };
}

function compileVariant(
  context: CompileContext,
  scope: Scope,
  expr: ExprOf<'variantCon'>,
): Compiled {
  const rank = constructorRank(context.program, expr.tycon.tycon, expr.variant);
  const tycon = qualifiedNameKey(expr.tycon.tycon);
  const name = expr.variant;
  const arg = context.expression(scope, expr.arg);
  const source = `{ tag: 'Variant', tycon: ${JSON.stringify(tycon)}, constructor: ${JSON.stringify(name)}, rank: ${rank}, value: ${sourceOf(scope.function, arg)} }`;
  const compiled = derive(arg, (value) => ({
    tag: 'Variant',
    tycon,
    constructor: name,
    rank,
    value,
  }));
  return { ...compiled, source };
}

function compileStruct(context: CompileContext, scope: Scope, expr: ExprOf<'structCon'>): Compiled {
  const names = expr.fields.map((field) => field.field);
  const parts = expr.fields.map((field) => context.expression(scope, field.expr));
  // Struct values keep their fields sorted by name: sorted once here, not on every build.
  const order = names
    .map((_, index) => index)
    .sort((left, right) => {
      const [a, b] = [names[left] as string, names[right] as string];
      return a < b ? -1 : a > b ? 1 : 0;
    });
  const sortedNames = order.map((index) => names[index] as string);
  const sorted = order.every((position, index) => position === index);
  // The values arrive in a fresh array: written in sorted order already, it is kept as it is.
  const build = (values: readonly LfValue[]): LfValue => ({
    tag: 'Struct',
    names: sortedNames,
    values: sorted ? values : order.map((index) => values[index] as LfValue),
  });
  return { ...construct(parts, build), source: builtSource(scope.function, build, parts) };
}

function compileStructUpdate(
  context: CompileContext,
  scope: Scope,
  expr: ExprOf<'structUpd'>,
): Compiled {
  const parts = [context.expression(scope, expr.struct), context.expression(scope, expr.update)];
  const { field } = expr;
  const build = ([record, update]: readonly LfValue[]): LfValue => {
    const old = record as StructValue;
    const values = old.values.slice();
    values[old.names.indexOf(field)] = update as LfValue;
    return { tag: 'Struct', names: old.names, values };
  };
  return { ...construct(parts, build), source: builtSource(scope.function, build, parts) };
}

function compileCons(context: CompileContext, scope: Scope, expr: ExprOf<'cons'>): Compiled {
  const parts = [...expr.front, expr.tail].map((part) => context.expression(scope, part));
  const build = (values: readonly LfValue[]): LfValue => {
    let list = values[values.length - 1] as ListValue;
    for (let index = values.length - 2; index >= 0; index -= 1)
      list = cons(values[index] as LfValue, list);
    return list;
  };
  return { ...construct(parts, build), source: builtSource(scope.function, build, parts) };
}

/**
 * A struct's field by name, its position remembered for the last field-name list seen: the
 * structs a projection meets (type class dictionaries mostly) are built at one site, so share
 * one sorted list, and a dictionary of many methods is not searched on every call.
 */
function structProjection(field: string): (value: LfValue) => LfValue {
  let names: readonly string[] | null = null;
  let index = -1;
  return (value) => {
    const struct = value as StructValue;
    if (struct.names !== names) {
      const found = struct.names.indexOf(field);
      if (found < 0) return structField(struct, field);
      names = struct.names;
      index = found;
    }
    return struct.values[index] as LfValue;
  };
}

/** Records, variants, enums, structs, lists and optionals. */
export function compileData(context: CompileContext, scope: Scope, expr: Expr): Compiled | null {
  switch (expr.tag) {
    case 'recCon':
      return compileRecord(context, scope, expr);
    case 'recProj':
      return compileProjection(context, scope, expr);
    case 'recUpd':
      return compileRecordUpdate(context, scope, expr);
    case 'variantCon':
      return compileVariant(context, scope, expr);
    case 'enumCon': {
      const value: LfValue = {
        tag: 'Enum',
        tycon: qualifiedNameKey(expr.tycon),
        constructor: expr.constructor,
        rank: constructorRank(context.program, expr.tycon, expr.constructor),
      };
      return { ...constant(value), source: constantSource(scope.function, value) };
    }
    case 'structCon':
      return compileStruct(context, scope, expr);
    case 'structProj': {
      const struct = context.expression(scope, expr.struct);
      const project = structProjection(expr.field);
      return {
        ...derive(struct, project),
        source: derivedSource(scope.function, project, struct),
      };
    }
    case 'structUpd':
      return compileStructUpdate(context, scope, expr);
    case 'cons':
      return compileCons(context, scope, expr);
    case 'optionalSome': {
      const value = context.expression(scope, expr.value);
      const source = `{ tag: 'Some', value: ${sourceOf(scope.function, value)} }`;
      return { ...derive(value, some), source };
    }
    default:
      return null;
  }
}
