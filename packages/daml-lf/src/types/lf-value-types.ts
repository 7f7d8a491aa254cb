// LF types as the ledger's value types (DamlType), so Ledger API JSON can be checked and normalised
// against a Daml template's own definitions: type constructors instantiated with their arguments,
// synonyms expanded, recursive types tied through lazy `named` references.
import { type DamlType, t } from '@pocketnet/ledger';
import { type PackageId, type QualifiedName, qualifiedNameKey } from '../ast/names.ts';
import type { Type } from '../ast/types.ts';
import type { DefDataType, Package } from '../ast.ts';
import { lfTypeKey } from './lf-type-key.ts';
import { substitute } from './substitute.ts';

export type PackageLookup = (packageId: PackageId) => Package | undefined;

export type LfValueTypes = {
  /** The value type of a closed, serializable LF type. */
  readonly valueType: (type: Type) => DamlType;
  /** The value type of a type constructor applied to closed arguments (a template's payload: none). */
  readonly typeConType: (tycon: QualifiedName, args?: readonly Type[]) => DamlType;
};

export class UnserializableTypeError extends Error {
  override readonly name = 'UnserializableTypeError';
}

function moduleOf(lookup: PackageLookup, name: QualifiedName) {
  const found = lookup(name.packageId)?.modules.get(name.module);
  if (!found) throw new UnserializableTypeError(`unknown type ${qualifiedNameKey(name)}`);
  return found;
}

function found<T>(definition: T | undefined, name: QualifiedName): T {
  if (!definition) throw new UnserializableTypeError(`unknown type ${qualifiedNameKey(name)}`);
  return definition;
}

/** The head of a type applied through `tapp`, with its arguments gathered. */
function spine(type: Type): Type {
  if (type.tag !== 'tapp') return type;
  const head = spine(type.lhs);
  if (head.tag === 'con' || head.tag === 'syn' || head.tag === 'builtin' || head.tag === 'var') {
    return { ...head, args: [...head.args, type.rhs] };
  }
  throw new UnserializableTypeError(`cannot apply ${lfTypeKey(head)}`);
}

/**
 * Value types of the LF types of a set of packages. Results are cached by the instantiated type,
 * so every use of `Optional Party` or `Holding` shares one descriptor.
 */
export function createLfValueTypes(lookup: PackageLookup): LfValueTypes {
  const cache = new Map<string, DamlType>();
  const building = new Set<string>();

  const dataType = (definition: DefDataType, name: string, args: readonly Type[]): DamlType => {
    const bindings = new Map(definition.params.map((param, i) => [param.name, args[i]]));
    const field = (type: Type) => valueType(substitute(type, bindings));
    switch (definition.tag) {
      case 'record':
        return t.record(
          Object.fromEntries(definition.fields.map((f) => [f.field, field(f.type)])),
          name,
        );
      case 'variant':
        return t.variant(
          Object.fromEntries(definition.variants.map((v) => [v.field, field(v.type)])),
          name,
        );
      case 'enum':
        return t.enum(definition.constructors, name);
      case 'interface':
        throw new UnserializableTypeError(`${name} is an interface, not a data type`);
    }
  };

  const typeConType = (tycon: QualifiedName, args: readonly Type[] = []): DamlType => {
    const key = lfTypeKey({ tag: 'con', tycon, args });
    const known = cache.get(key);
    if (known) return known;
    // A type that contains itself refers to itself by name, resolved once it is built.
    if (building.has(key)) return t.named(key, () => cache.get(key) as DamlType);
    building.add(key);
    try {
      const definition = found(moduleOf(lookup, tycon).dataTypes.get(tycon.name), tycon);
      if (definition.params.length !== args.length) {
        throw new UnserializableTypeError(`${key} is not fully applied`);
      }
      const built = dataType(definition, qualifiedNameKey(tycon), args);
      cache.set(key, built);
      return built;
    } finally {
      building.delete(key);
    }
  };

  const builtin = (type: Extract<Type, { tag: 'builtin' }>): DamlType => {
    const [first, second] = type.args;
    const arg = () => valueType(first ?? unapplied(type));
    switch (type.builtin) {
      case 'UNIT':
        return t.unit();
      case 'BOOL':
        return t.bool();
      case 'INT64':
        return t.int64();
      case 'TEXT':
        return t.text();
      case 'PARTY':
        return t.party();
      case 'DATE':
        return t.date();
      case 'TIMESTAMP':
        return t.time();
      case 'NUMERIC':
        if (first?.tag !== 'nat') throw new UnserializableTypeError('Numeric needs a scale');
        return t.numeric(first.value);
      case 'CONTRACT_ID':
        return t.contractId(first?.tag === 'con' ? qualifiedNameKey(first.tycon) : null);
      case 'OPTIONAL':
        return t.optional(arg());
      case 'LIST':
        return t.list(arg());
      case 'TEXTMAP':
        return t.textMap(arg());
      case 'GENMAP':
        return t.genMap(arg(), valueType(second ?? unapplied(type)));
      default:
        throw new UnserializableTypeError(`${type.builtin} values do not cross the Ledger API`);
    }
  };

  const valueType = (type: Type): DamlType => {
    const head = spine(type);
    switch (head.tag) {
      case 'builtin':
        return builtin(head);
      case 'con':
        return typeConType(head.tycon, head.args);
      case 'syn': {
        const synonym = found(
          moduleOf(lookup, head.tysyn).synonyms.get(head.tysyn.name),
          head.tysyn,
        );
        const bindings = new Map(synonym.params.map((param, i) => [param.name, head.args[i]]));
        return valueType(substitute(synonym.type, bindings));
      }
      default:
        throw new UnserializableTypeError(`${lfTypeKey(type)} is not a serializable type`);
    }
  };

  return { valueType, typeConType };
}

function unapplied(type: Type): never {
  throw new UnserializableTypeError(`${lfTypeKey(type)} lacks a type argument`);
}
