import { qualifiedNameKey } from '../ast/names.ts';
import type { Type } from '../ast/types.ts';
import { substitute } from '../types/substitute.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { RuntimeType } from '../values/lf-value.ts';
import type { Program } from './program.ts';
import { synonymOf } from './program.ts';

/** The spelling of builtin types in the spec's type order (compare-values.ts). */
const builtinNames: Readonly<Record<string, string>> = {
  UNIT: 'Unit',
  BOOL: 'Bool',
  INT64: 'Int64',
  DATE: 'Date',
  TIMESTAMP: 'Timestamp',
  NUMERIC: 'Numeric',
  PARTY: 'Party',
  TEXT: 'Text',
  CONTRACT_ID: 'ContractId',
  OPTIONAL: 'Optional',
  LIST: 'List',
  GENMAP: 'GenMap',
  ANY: 'Any',
  ANY_EXCEPTION: 'AnyException',
  TYPE_REP: 'TypeRep',
  ARROW: 'Arrow',
  UPDATE: 'Update',
  FAILURE_CATEGORY: 'FailureCategory',
  TEXTMAP: 'TextMap',
  BIGNUMERIC: 'BigNumeric',
  ROUNDING_MODE: 'RoundingMode',
};

function applied(head: RuntimeType, args: readonly RuntimeType[]): RuntimeType {
  let type = head;
  for (const argument of args) type = { tag: 'App', function: type, argument };
  return type;
}

/**
 * The run-time form of a ground type, for `to_any`, `type_rep` and exceptions. Types are
 * erased everywhere else, so a type variable here is a type the machine cannot know.
 */
export function runtimeType(program: Program, type: Type): RuntimeType {
  switch (type.tag) {
    case 'builtin': {
      const head: RuntimeType = {
        tag: 'Builtin',
        name: builtinNames[type.builtin] ?? type.builtin,
      };
      return applied(
        head,
        type.args.map((argument) => runtimeType(program, argument)),
      );
    }
    case 'con':
      return applied(
        { tag: 'Con', tycon: qualifiedNameKey(type.tycon) },
        type.args.map((argument) => runtimeType(program, argument)),
      );
    case 'syn': {
      const synonym = synonymOf(program, type.tysyn);
      const bindings = new Map(
        synonym.params.map((param, index) => [param.name, type.args[index] as Type]),
      );
      return runtimeType(program, substitute(synonym.type, bindings));
    }
    case 'nat':
      return { tag: 'Nat', value: type.value };
    case 'tapp':
      return {
        tag: 'App',
        function: runtimeType(program, type.lhs),
        argument: runtimeType(program, type.rhs),
      };
    case 'struct':
      return {
        tag: 'Struct',
        fields: [...type.fields]
          .sort((left, right) => (left.field < right.field ? -1 : left.field > right.field ? 1 : 0))
          .map((field) => ({ name: field.field, type: runtimeType(program, field.type) })),
      };
    case 'var':
    case 'forall':
      throw new FatalFailure(`type ${type.tag} has no run-time representation`);
  }
}
