// A closed LF type written out as text: the cache key of its ledger value type.
import type { Type } from '../ast/types.ts';

export function lfTypeKey(type: Type): string {
  switch (type.tag) {
    case 'con':
      return app(`${type.tycon.packageId}:${type.tycon.module}:${type.tycon.name}`, type.args);
    case 'syn':
      return app(`${type.tysyn.packageId}:${type.tysyn.module}:${type.tysyn.name}`, type.args);
    case 'builtin':
      return app(type.builtin, type.args);
    case 'var':
      return app(`'${type.name}`, type.args);
    case 'nat':
      return String(type.value);
    case 'tapp':
      return `(${lfTypeKey(type.lhs)} ${lfTypeKey(type.rhs)})`;
    case 'struct':
      return `<${type.fields.map((f) => `${f.field}: ${lfTypeKey(f.type)}`).join(', ')}>`;
    case 'forall':
      return `(forall ${type.vars.map((v) => v.name).join(' ')}. ${lfTypeKey(type.body)})`;
  }
}

function app(head: string, args: readonly Type[]): string {
  return args.length === 0 ? head : `(${head} ${args.map(lfTypeKey).join(' ')})`;
}
