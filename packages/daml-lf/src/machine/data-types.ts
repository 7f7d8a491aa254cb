import type { TypeConName } from '../ast/names.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { Program } from './program.ts';
import { dataTypeOf } from './program.ts';

/** Field names of a record type, in declaration order. */
export function recordFields(program: Program, tycon: TypeConName): readonly string[] {
  const definition = dataTypeOf(program, tycon);
  if (definition.tag !== 'record') throw new FatalFailure(`${tycon.name} is not a record`);
  return definition.fields.map((field) => field.field);
}

export function fieldIndex(program: Program, tycon: TypeConName, field: string): number {
  const index = recordFields(program, tycon).indexOf(field);
  if (index < 0) throw new FatalFailure(`record ${tycon.name} has no field ${field}`);
  return index;
}

/** Position of a variant's or enum's constructor: what orders its values. */
export function constructorRank(
  program: Program,
  tycon: TypeConName,
  constructorName: string,
): number {
  const definition = dataTypeOf(program, tycon);
  const names =
    definition.tag === 'variant'
      ? definition.variants.map((variant) => variant.field)
      : definition.tag === 'enum'
        ? definition.constructors
        : [];
  const rank = names.indexOf(constructorName);
  if (rank < 0) throw new FatalFailure(`${tycon.name} has no constructor ${constructorName}`);
  return rank;
}
