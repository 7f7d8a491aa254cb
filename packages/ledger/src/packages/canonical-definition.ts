import type {
  ChoiceDefinition,
  ImplementationDefinition,
  InterfaceDefinition,
  TemplateDefinition,
} from '../dsl/definitions.ts';
import { qualifiedName } from '../dsl/definitions.ts';
import type { DamlType } from '../values/types.ts';

/**
 * The canonical serialisation of a package definition, hashed into its package id: names,
 * types, choice signatures and the source text of every function, so that any change to a
 * template's code gives a new package id. Layout (whitespace, quotes, semicolons) is dropped
 * from source text because loaders (Node's type stripping, test transforms) print code differently.
 */
export type PackageContents = {
  readonly name: string;
  readonly version: string;
  readonly templates: readonly TemplateDefinition[];
  readonly interfaces: readonly InterfaceDefinition[];
};

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/** Named types seen so far, so a recursive type is written once and referred to by name. */
type NamedTypes = Map<string, Json>;

// Test runners load modules through Vite, which rewrites imported names to
// `(0, __vite_ssr_import_1__.name)` and reprints quotes, semicolons and trailing commas;
// undoing that keeps a package's id the same under `node` and under the tests.
const viteImport = /\(0,__vite_ssr_import_\d+__\.([\w$]+)\)|__vite_ssr_import_\d+__\.([\w$]+)/g;

function source(code: ((...args: never[]) => unknown) | null): Json {
  if (code === null) return null;
  return code
    .toString()
    .replace(/[\s;'"`]+/g, '')
    .replace(/,(?=[)}\]])/g, '')
    .replace(
      viteImport,
      (_match, called: string | undefined, named: string | undefined) => called ?? named ?? '',
    );
}

function typeJson(type: DamlType, named: NamedTypes): Json {
  switch (type.kind) {
    case 'numeric':
      return ['numeric', type.scale];
    case 'contractId':
      return ['contractId', type.template];
    case 'optional':
    case 'list':
    case 'textMap':
      return [type.kind, typeJson(type.of, named)];
    case 'genMap':
      return ['genMap', typeJson(type.key, named), typeJson(type.value, named)];
    case 'record':
    case 'variant': {
      const members = type.kind === 'record' ? type.fields : type.cases;
      return [
        type.kind,
        type.name,
        members.map((member) => [member.name, typeJson(member.type, named)]),
      ];
    }
    case 'enum':
      return ['enum', type.name, type.values];
    case 'named':
      if (!named.has(type.name)) {
        named.set(type.name, null);
        named.set(type.name, typeJson(type.resolve(), named));
      }
      return ['named', type.name];
    default:
      return type.kind;
  }
}

function choicesJson(choices: ReadonlyMap<string, ChoiceDefinition>, named: NamedTypes): Json {
  return [...choices.keys()].sort().map((name) => {
    const choice = choices.get(name) as ChoiceDefinition;
    return {
      name,
      consuming: choice.consuming,
      argument: typeJson(choice.argumentType, named),
      result: typeJson(choice.resultType, named),
      controllers: source(choice.controllers),
      observers: source(choice.observers),
      body: source(choice.body),
    };
  });
}

function implementationJson(implementation: ImplementationDefinition): Json {
  const bodies = implementation.bodies;
  return {
    interface: `${implementation.interface.id.packageName}:${qualifiedName(implementation.interface.id)}`,
    view: source(implementation.view),
    bodies: [...bodies.keys()].sort().map((name) => [name, source(bodies.get(name) ?? null)]),
  };
}

function templateJson(template: TemplateDefinition, named: NamedTypes): Json {
  const key = template.key;
  return {
    name: qualifiedName(template.id),
    fields: typeJson(template.payloadType, named),
    signatories: source(template.signatories),
    observers: source(template.observers),
    ensure: source(template.ensure),
    key:
      key === null
        ? null
        : {
            type: typeJson(key.type, named),
            of: source(key.of),
            maintainers: source(key.maintainers),
          },
    choices: choicesJson(template.choices, named),
    implements: template.implementations.map(implementationJson),
  };
}

function interfaceJson(definition: InterfaceDefinition, named: NamedTypes): Json {
  return {
    name: qualifiedName(definition.id),
    view: typeJson(definition.viewType, named),
    choices: choicesJson(definition.choices, named),
  };
}

function byName<TDefinition extends TemplateDefinition | InterfaceDefinition>(
  definitions: readonly TDefinition[],
): TDefinition[] {
  return [...definitions].sort((a, b) =>
    qualifiedName(a.id) < qualifiedName(b.id)
      ? -1
      : qualifiedName(a.id) > qualifiedName(b.id)
        ? 1
        : 0,
  );
}

/** The canonical text of a package definition (UTF-8 JSON). */
export function canonicalPackageText(contents: PackageContents): string {
  const named: NamedTypes = new Map();
  const templates = byName(contents.templates).map((template) => templateJson(template, named));
  const interfaces = byName(contents.interfaces).map((definition) =>
    interfaceJson(definition, named),
  );
  const types = [...named.keys()].sort().map((name) => [name, named.get(name) ?? null]);
  return JSON.stringify({
    format: 'pocketnet-package/1',
    name: contents.name,
    version: contents.version,
    templates,
    interfaces,
    types,
  });
}
