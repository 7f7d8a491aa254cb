// One TypeScript vocabulary for several packages at once (issue 21): the templates and interfaces
// of the packages named, referenced by package name (`#name:Module:Entity`, so the same names
// serve any package id of that name), with their payload, choice argument and result types, and
// only the data types those reach. Runtime and our TypeScript Splice are written against it, so a
// field or choice renamed in the packages fails to compile.

import type { QualifiedName } from '../ast/names.ts';
import { type Type, typeChildren } from '../ast/types.ts';
import type { DefDataType, Package, TemplateChoice } from '../ast.ts';
import { compareVersions } from '../validate/validate-upload.ts';
import { createPrinter, dataType } from './generate-typescript.ts';

const quote = (text: string) => JSON.stringify(text);
const identifier = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Of each package name, the newest version among `packages`. */
function newestByName(packages: readonly Package[]): Map<string, Package> {
  const newest = new Map<string, Package>();
  for (const pkg of packages) {
    const seen = newest.get(pkg.metadata.name);
    if (!seen || compareVersions(pkg.metadata.version, seen.metadata.version) > 0) {
      newest.set(pkg.metadata.name, pkg);
    }
  }
  return newest;
}

type Owner = {
  readonly pkg: Package;
  readonly module: string;
  readonly name: string;
  readonly kind: 'template' | 'interface';
  readonly payload: Type;
  readonly choices: readonly TemplateChoice[];
};

/**
 * The vocabulary of the packages named in `mains` (newest version of each found in `packages`);
 * every other package in `packages` only lends the data types these reach, each under its name's
 * newest version, as a by-name reference resolves it.
 */
export function generateVocabulary(
  title: string,
  mains: readonly string[],
  packages: readonly Package[],
): string {
  const newest = newestByName(packages);
  const byId = new Map(packages.map((pkg) => [pkg.packageId, pkg]));
  const nameOf = (packageId: string) => byId.get(packageId)?.metadata.name ?? 'unknown';
  const resolve = (name: QualifiedName) => newest.get(nameOf(name.packageId));
  const names = new Map(packages.map((pkg) => [pkg.packageId, identifier(pkg.metadata.name)]));
  const { print } = createPrinter(names);

  const owners: Owner[] = [];
  for (const main of mains) {
    const pkg = newest.get(main);
    if (!pkg) throw new Error(`no package named ${main} among those given`);
    for (const module of pkg.modules.values()) {
      for (const t of module.templates.values()) {
        const self: Type = {
          tag: 'con',
          tycon: { packageId: pkg.packageId, module: module.name, name: t.name },
          args: [],
        };
        owners.push({
          pkg,
          module: module.name,
          name: t.name,
          kind: 'template',
          payload: self,
          choices: [...t.choices.values()],
        });
      }
      for (const i of module.interfaces.values()) {
        owners.push({
          pkg,
          module: module.name,
          name: i.name,
          kind: 'interface',
          payload: i.view,
          choices: [...i.choices.values()],
        });
      }
    }
  }

  // The data types reached from the payloads and choices, keyed `package name:Module:Name`.
  const reached = new Map<string, { pkg: Package; module: string; def: DefDataType }>();
  const visit = (type: Type): void => {
    typeChildren(type).forEach(visit);
    if (type.tag !== 'con') return;
    const pkg = resolve(type.tycon);
    const key = `${pkg?.metadata.name}:${type.tycon.module}:${type.tycon.name}`;
    if (!pkg || reached.has(key)) return;
    const def = pkg.modules.get(type.tycon.module)?.dataTypes.get(type.tycon.name);
    if (!def) return;
    reached.set(key, { pkg, module: type.tycon.module, def });
    if (def.tag === 'record') for (const f of def.fields) visit(f.type);
    if (def.tag === 'variant') for (const v of def.variants) visit(v.type);
  };
  for (const owner of owners) {
    visit(owner.payload);
    for (const c of owner.choices) {
      visit(c.argBinder.type);
      visit(c.returnType);
    }
  }

  const namespaces = new Map<string, Map<string, string[]>>();
  const sortedKeys = [...reached.keys()].sort();
  for (const key of sortedKeys) {
    const { pkg, module, def } = reached.get(key) as {
      pkg: Package;
      module: string;
      def: DefDataType;
    };
    const space = identifier(pkg.metadata.name);
    const modules = namespaces.get(space) ?? new Map<string, string[]>();
    namespaces.set(space, modules);
    const lines = modules.get(module) ?? [];
    modules.set(module, lines);
    lines.push(`      ${dataType(def, print)}`);
  }
  const typeBlocks = [...namespaces.entries()].map(
    ([space, modules]) =>
      `export declare namespace ${space} {\n${[...modules.entries()]
        .map(([module, lines]) => `    namespace ${module} {\n${lines.join('\n')}\n    }`)
        .join('\n')}\n}`,
  );

  const valueBlocks: string[] = [];
  for (const main of mains) {
    const pkg = newest.get(main) as Package;
    const mine = owners.filter((o) => o.pkg === pkg);
    const modules = [...new Set(mine.map((o) => o.module))];
    const entries = modules.map((module) => {
      const inModule = mine.filter((o) => o.module === module);
      const defs = inModule.map((o) => {
        const choiceTypes = o.choices
          .map((c) => `${c.name}: ChoiceRef<${print(c.argBinder.type)}, ${print(c.returnType)}>`)
          .join('; ');
        return (
          `    ${identifier(o.name)}: ${o.kind === 'interface' ? '_interface' : 'template'}<${print(o.payload)}, { ${choiceTypes} }>(` +
          `${quote(`#${main}:${module}:${o.name}`)}, [${o.choices.map((c) => quote(c.name)).join(', ')}]),`
        );
      });
      return `  ${quote(module)}: {\n${defs.join('\n')}\n  },`;
    });
    valueBlocks.push(
      `/** ${main} ${pkg.metadata.version} (${pkg.packageId}). */\nexport const ${camel(main)} = {\n${entries.join('\n')}\n} as const;`,
    );
  }

  const versions = mains.map((main) => `${main} ${newest.get(main)?.metadata.version}`).join(', ');
  return [
    `// Generated by pocketnet's Daml-LF codegen from ${title}: ${versions}. Do not edit.`,
    'export type Unit = Record<string, never>;',
    'export type Optional<T> = T | null;',
    'export type ContractId<T> = string & { readonly __contractOf?: T };',
    '/** A choice by name, carrying its argument and result types. */',
    'export type ChoiceRef<A, R> = { readonly name: string; readonly __argument?: A; readonly __result?: R };',
    '/** A template or interface by `#package-name:Module:Entity`, with its payload (or view) and choices. */',
    'export type TemplateRef<P, C> = { readonly templateId: string; readonly kind: "template" | "interface"; readonly choices: C; readonly __payload?: P };',
    'function named<P, C>(kind: "template" | "interface", templateId: string, choices: readonly string[]): TemplateRef<P, C> {',
    '  return { templateId, kind, choices: Object.fromEntries(choices.map((name) => [name, { name }])) as C };',
    '}',
    'function template<P, C>(templateId: string, choices: readonly string[]): TemplateRef<P, C> {',
    '  return named<P, C>("template", templateId, choices);',
    '}',
    'function _interface<P, C>(templateId: string, choices: readonly string[]): TemplateRef<P, C> {',
    '  return named<P, C>("interface", templateId, choices);',
    '}',
    ...typeBlocks,
    ...valueBlocks,
    '',
  ].join('\n');
}
