import type { QualifiedName } from '../ast/names.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import type {
  DefDataType,
  DefException,
  DefInterface,
  DefTemplate,
  DefTypeSyn,
  DefValue,
  Module,
  Package,
} from '../ast.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { Code } from './machine.ts';

/**
 * A package set ready to run: definitions looked up by name, code compiled on first use, and
 * top-level values evaluated once and kept (per package set, so never across sets).
 */
export type Program = {
  readonly packages: PackageSource;
  /** Compiled value definitions, by `pkg:Module:name`. */
  readonly valueCode: Map<string, Code>;
  readonly valueFrames: Map<string, number>;
  /** Evaluated value definitions. */
  readonly values: Map<string, LfValue>;
  /** Anything else compiled once: template expressions as functions, views, methods. */
  readonly functions: Map<string, LfValue>;
};

/** Where the machine finds packages: a package set, or a node's growing store of them. */
export type PackageSource = { get(packageId: string): Package | undefined };

export function createProgram(packages: PackageSource): Program {
  return {
    packages,
    valueCode: new Map(),
    valueFrames: new Map(),
    values: new Map(),
    functions: new Map(),
  };
}

function moduleOf(program: Program, name: QualifiedName): Module {
  const pkg = program.packages.get(name.packageId);
  if (pkg === undefined) throw new FatalFailure(`package ${name.packageId} is not loaded`);
  const found = pkg.modules.get(name.module);
  if (found === undefined) {
    throw new FatalFailure(`module ${name.module} not found in package ${name.packageId}`);
  }
  return found;
}

function lookup<TDefinition>(
  what: string,
  table: ReadonlyMap<string, TDefinition>,
  name: QualifiedName,
): TDefinition {
  const found = table.get(name.name);
  if (found === undefined) throw new FatalFailure(`${what} ${qualifiedNameKey(name)} not found`);
  return found;
}

export function dataTypeOf(program: Program, name: QualifiedName): DefDataType {
  return lookup('data type', moduleOf(program, name).dataTypes, name);
}

export function valueDefinitionOf(program: Program, name: QualifiedName): DefValue {
  return lookup('value', moduleOf(program, name).values, name);
}

export function templateOf(program: Program, name: QualifiedName): DefTemplate {
  return lookup('template', moduleOf(program, name).templates, name);
}

export function findTemplate(program: Program, name: QualifiedName): DefTemplate | undefined {
  const pkg = program.packages.get(name.packageId);
  return pkg?.modules.get(name.module)?.templates.get(name.name);
}

export function interfaceOf(program: Program, name: QualifiedName): DefInterface {
  return lookup('interface', moduleOf(program, name).interfaces, name);
}

export function exceptionOf(program: Program, name: QualifiedName): DefException | undefined {
  const pkg = program.packages.get(name.packageId);
  return pkg?.modules.get(name.module)?.exceptions.get(name.name);
}

export function synonymOf(program: Program, name: QualifiedName): DefTypeSyn {
  return lookup('type synonym', moduleOf(program, name).synonyms, name);
}

/** Parses `pkg:Module:Name` back into its parts. */
export function parseQualifiedName(key: string): QualifiedName {
  const [packageId = '', module = '', name = ''] = key.split(':');
  return { packageId, module, name };
}
