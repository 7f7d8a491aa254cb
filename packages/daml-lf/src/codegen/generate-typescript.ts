// TypeScript types from Daml-LF packages, as Daml's codegen-js gives them (issue 21): every
// serializable data type in the JSON Ledger API's encoding, and each template's id, payload and
// choices (argument and result), so that code written against them fails to compile on a rename.

import type { QualifiedName } from '../ast/names.ts';
import type { Type } from '../ast/types.ts';
import type { DefDataType, Package } from '../ast.ts';

const flat = (name: string) => name.replaceAll('.', '_');
const quote = (text: string) => JSON.stringify(text);

/** A package's namespace: its name as an identifier (its version too where two share a name). */
function namespaces(packages: readonly Package[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const pkg of packages) {
    let name = pkg.metadata.name.replace(/[^A-Za-z0-9_]/g, '_');
    if (taken.has(name)) name = `${name}_${pkg.metadata.version.replace(/[^A-Za-z0-9]/g, '_')}`;
    taken.add(name);
    names.set(pkg.packageId, name);
  }
  return names;
}

export function createPrinter(names: ReadonlyMap<string, string>) {
  const reference = (name: QualifiedName) =>
    `${names.get(name.packageId) ?? 'unknown_package'}.${name.module}.${flat(name.name)}`;
  const applied = (head: string, args: readonly string[]) =>
    args.length === 0 ? head : `${head}<${args.join(', ')}>`;
  const builtin = (builtinType: string, args: readonly string[]): string => {
    switch (builtinType) {
      case 'UNIT':
        return 'Unit';
      case 'BOOL':
        return 'boolean';
      case 'INT64':
      case 'NUMERIC':
      case 'BIGNUMERIC':
      case 'TEXT':
      case 'PARTY':
      case 'DATE':
      case 'TIMESTAMP':
        return 'string';
      case 'CONTRACT_ID':
        return `ContractId<${args[0] ?? 'unknown'}>`;
      case 'OPTIONAL':
        return `Optional<${args[0] ?? 'unknown'}>`;
      case 'LIST':
        return `readonly (${args[0] ?? 'unknown'})[]`;
      case 'TEXTMAP':
        return `{ readonly [key: string]: ${args[0] ?? 'unknown'} }`;
      case 'GENMAP':
        return `readonly (readonly [${args[0] ?? 'unknown'}, ${args[1] ?? 'unknown'}])[]`;
      default:
        return 'unknown';
    }
  };
  const print = (type: Type, extra: readonly string[] = []): string => {
    switch (type.tag) {
      case 'var':
        return type.name;
      case 'con':
        return applied(reference(type.tycon), [...type.args.map((arg) => print(arg)), ...extra]);
      case 'builtin':
        return builtin(type.builtin, [...type.args.map((arg) => print(arg)), ...extra]);
      case 'tapp':
        return print(type.lhs, [print(type.rhs), ...extra]);
      case 'struct':
        return `{ ${type.fields.map((f) => `readonly ${f.field}: ${print(f.type)}`).join('; ')} }`;
      default:
        return 'unknown';
    }
  };
  return { print, reference };
}

export function dataType(def: DefDataType, print: (type: Type) => string): string {
  const params = def.params.length ? `<${def.params.map((p) => p.name).join(', ')}>` : '';
  const head = `type ${flat(def.name)}${params} =`;
  switch (def.tag) {
    case 'record':
      return `${head} { ${def.fields.map((f) => `readonly ${f.field}: ${print(f.type)};`).join(' ')} };`;
    case 'variant':
      return `${head} ${def.variants.map((v) => `{ readonly tag: ${quote(v.field)}; readonly value: ${print(v.type)} }`).join(' | ') || 'never'};`;
    case 'enum':
      return `${head} ${def.constructors.map(quote).join(' | ') || 'never'};`;
    default:
      // An interface's type: its contracts are only ever named through ContractId.
      return `${head} { readonly __interface: ${quote(def.name)} };`;
  }
}

function packageTypes(pkg: Package, namespace: string, print: (type: Type) => string): string {
  const modules = [...pkg.modules.values()].flatMap((module) => {
    const types = [...module.dataTypes.values()]
      .filter((def) => def.serializable || def.tag === 'interface')
      .map((def) => `      ${dataType(def, print)}`);
    return types.length ? [`    namespace ${module.name} {\n${types.join('\n')}\n    }`] : [];
  });
  return `export declare namespace ${namespace} {\n${modules.join('\n')}\n}`;
}

/**
 * The TypeScript of `main` (its templates and interfaces with their ids and choices) and of the
 * data types of every package given (`main` and its dependencies).
 */
export function generateTypeScript(main: Package, packages: readonly Package[]): string {
  const all = [main, ...packages.filter((pkg) => pkg.packageId !== main.packageId)];
  const names = namespaces(all);
  const { print } = createPrinter(names);
  const entries: string[] = [];
  const types: string[] = [];
  for (const module of main.modules.values()) {
    const owners = [
      ...[...module.templates.values()].map((t) => ({ kind: 'template', def: t })),
      ...[...module.interfaces.values()].map((i) => ({ kind: 'interface', def: i })),
    ];
    for (const { kind, def } of owners) {
      const key = `${module.name}:${def.name}`;
      const payload = `${names.get(main.packageId)}.${module.name}.${flat(def.name)}`;
      const choices = [...def.choices.values()];
      entries.push(
        `  ${quote(key)}: { kind: ${quote(kind)}, id: ${quote(`${main.packageId}:${key}`)}, ` +
          `packageName: ${quote(main.metadata.name)}, choices: [${choices.map((c) => quote(c.name)).join(', ')}] },`,
      );
      const choiceTypes = choices.map(
        (c) =>
          `      ${c.name}: { readonly argument: ${print(c.argBinder.type)}; readonly result: ${print(c.returnType)}; readonly consuming: ${c.consuming} };`,
      );
      types.push(
        `  ${quote(key)}: {\n    readonly payload: ${kind === 'interface' ? print((def as { view: Type }).view) : payload};\n    readonly choices: {\n${choiceTypes.join('\n')}\n    };\n  };`,
      );
    }
  }
  return [
    `// Generated by pocketnet from ${main.metadata.name} ${main.metadata.version} (${main.packageId}). Do not edit.`,
    'export type Unit = Record<string, never>;',
    'export type Optional<T> = T | null;',
    'export type ContractId<T> = string & { readonly __contractOf?: T };',
    ...all.map((pkg) => packageTypes(pkg, names.get(pkg.packageId) ?? '', print)),
    `export const packageId = ${quote(main.packageId)};`,
    `export const templates = {\n${entries.join('\n')}\n} as const;`,
    `export type Templates = {\n${types.join('\n')}\n};`,
    '',
  ].join('\n');
}
