// Type variables replaced by the types they are bound to (a generic definition instantiated).
import type { Type } from '../ast/types.ts';

export type TypeBindings = ReadonlyMap<string, Type | undefined>;

export function substitute(type: Type, bindings: TypeBindings): Type {
  if (bindings.size === 0) return type;
  const each = (types: readonly Type[]) => types.map((inner) => substitute(inner, bindings));
  switch (type.tag) {
    case 'var': {
      const bound = bindings.get(type.name);
      if (bound === undefined) return { ...type, args: each(type.args) };
      return type.args.reduce<Type>(
        (lhs, rhs) => ({ tag: 'tapp', lhs, rhs: substitute(rhs, bindings) }),
        bound,
      );
    }
    case 'con':
    case 'syn':
    case 'builtin':
      return type.args.length === 0 ? type : { ...type, args: each(type.args) };
    case 'tapp':
      return {
        tag: 'tapp',
        lhs: substitute(type.lhs, bindings),
        rhs: substitute(type.rhs, bindings),
      };
    case 'struct':
      return {
        tag: 'struct',
        fields: type.fields.map((f) => ({ field: f.field, type: substitute(f.type, bindings) })),
      };
    case 'forall': {
      const inner = new Map(bindings);
      for (const bound of type.vars) inner.delete(bound.name);
      return { tag: 'forall', vars: type.vars, body: substitute(type.body, inner) };
    }
    case 'nat':
      return type;
  }
}
