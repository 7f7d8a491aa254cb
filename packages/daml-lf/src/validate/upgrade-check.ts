// Smart-contract upgrading: a newer version of a package name must keep what the older one
// offers (modules, templates, choices, keys, interface instances, data types) with the same shapes, new record fields
// only optional and at the end, new variant and enum constructors only at the end. A reference
// to another package's type matches one to the same type of any version of that package name.

import type { PackageId, TypeConName } from '../ast/names.ts';
import { type FieldWithType, type Type, typeChildren } from '../ast/types.ts';
import type { DefDataType, DefTemplate, Module, Package } from '../ast.ts';

type NameOf = (packageId: PackageId) => string | undefined;

const headName = (type: Type) =>
  type.tag === 'con' ? type.tycon : type.tag === 'syn' ? type.tysyn : undefined;

/** The parts of a type compared as they are: everything but references and sub-types. */
function headKey(type: Type): string {
  switch (type.tag) {
    case 'builtin':
      return type.builtin;
    case 'var':
      return type.name;
    case 'nat':
      return String(type.value);
    case 'struct':
      return type.fields.map((f) => f.field).join(',');
    case 'forall':
      return type.vars.map((v) => v.name).join(',');
    default:
      return '';
  }
}

/** Whether two types are the same up to the versions of the packages they refer to. */
function sameType(past: Type, present: Type, nameOf: NameOf): boolean {
  if (past.tag !== present.tag || headKey(past) !== headKey(present)) return false;
  const [a, b] = [headName(past), headName(present)];
  if (a && b) {
    const samePackage = a.packageId === b.packageId || nameOf(a.packageId) === nameOf(b.packageId);
    if (!samePackage || a.module !== b.module || a.name !== b.name) return false;
  }
  const [pastChildren, presentChildren] = [typeChildren(past), typeChildren(present)];
  return (
    pastChildren.length === presentChildren.length &&
    pastChildren.every((child, i) => sameType(child, presentChildren[i] as Type, nameOf))
  );
}

const isOptional = (type: Type) => type.tag === 'builtin' && type.builtin === 'OPTIONAL';

function checkFields(
  past: readonly FieldWithType[],
  present: readonly FieldWithType[],
  nameOf: NameOf,
  what: { extraMustBeOptional: boolean; label: string },
): string | undefined {
  const presentNames = new Set(present.map((f) => f.field));
  const missing = past.filter((f) => !presentNames.has(f.field));
  if (missing.length > 0) return `${what.label}: ${missing.map((f) => f.field).join(', ')} removed`;
  for (const [i, field] of past.entries()) {
    const now = present[i];
    if (now?.field !== field.field) return `${what.label}: ${field.field} moved`;
    if (!sameType(field.type, now.type, nameOf))
      return `${what.label}: ${field.field} changed type`;
  }
  const added = present.slice(past.length);
  if (what.extraMustBeOptional && added.some((f) => !isOptional(f.type))) {
    return `${what.label}: new fields ${added.map((f) => f.field).join(', ')} must be optional`;
  }
  return undefined;
}

function checkDataType(past: DefDataType, present: DefDataType, nameOf: NameOf) {
  const label = `data type ${past.name}`;
  if (past.tag !== present.tag) return `${label} changed from a ${past.tag} to a ${present.tag}`;
  if (past.tag === 'record' && present.tag === 'record') {
    return checkFields(past.fields, present.fields, nameOf, { extraMustBeOptional: true, label });
  }
  if (past.tag === 'variant' && present.tag === 'variant') {
    return checkFields(past.variants, present.variants, nameOf, {
      extraMustBeOptional: false,
      label,
    });
  }
  if (past.tag === 'enum' && present.tag === 'enum') {
    const kept = past.constructors.every((c, i) => present.constructors[i] === c);
    return kept ? undefined : `${label}: constructors removed or reordered`;
  }
  return undefined;
}

/** The same type constructor up to the version of its package (an interface of a dependency). */
const sameTycon = (a: TypeConName, b: TypeConName, nameOf: NameOf) =>
  (a.packageId === b.packageId || nameOf(a.packageId) === nameOf(b.packageId)) &&
  a.module === b.module &&
  a.name === b.name;

function checkTemplate(past: DefTemplate, present: DefTemplate | undefined, nameOf: NameOf) {
  if (!present) return `template ${past.name} removed`;
  // As Canton's upgrade check: an upgraded template keeps every interface instance it had (it may
  // add new ones), so a contract seen through an interface still is after the upgrade.
  for (const instance of past.implements.values()) {
    const kept = [...present.implements.values()].some((now) =>
      sameTycon(instance.interface, now.interface, nameOf),
    );
    if (!kept) {
      const { packageId, module, name } = instance.interface;
      return `Implementation of interface ${packageId}:${module}:${name} by template ${past.name} appears in package that is being upgraded, but does not appear in this package.`;
    }
  }
  for (const choice of past.choices.values()) {
    const now = present.choices.get(choice.name);
    if (!now) return `choice ${choice.name} of template ${past.name} removed`;
    if (!sameType(choice.returnType, now.returnType, nameOf)) {
      return `choice ${choice.name} of template ${past.name} changed its return type`;
    }
  }
  if (past.key && !present.key) return `template ${past.name} lost its key`;
  if (past.key && present.key && !sameType(past.key.type, present.key.type, nameOf)) {
    return `template ${past.name} changed its key type`;
  }
  return undefined;
}

function checkModule(past: Module, present: Module | undefined, nameOf: NameOf) {
  if (!present) return `module ${past.name} removed`;
  for (const template of past.templates.values()) {
    const problem = checkTemplate(template, present.templates.get(template.name), nameOf);
    if (problem) return `${past.name}: ${problem}`;
  }
  for (const dataType of past.dataTypes.values()) {
    // Only what contracts and choices store must keep its shape; exceptions are not stored.
    if (!dataType.serializable || past.exceptions.has(dataType.name)) continue;
    const now = present.dataTypes.get(dataType.name);
    if (!now) return `${past.name}: data type ${dataType.name} removed`;
    const problem = checkDataType(dataType, now, nameOf);
    if (problem) return `${past.name}: ${problem}`;
  }
  return undefined;
}

/** Why `present` is no valid upgrade of `past` (same name, lower version), or undefined. */
export function upgradeProblem(past: Package, present: Package, nameOf: NameOf) {
  for (const module of past.modules.values()) {
    const problem = checkModule(module, present.modules.get(module.name), nameOf);
    if (problem) return problem;
  }
  return undefined;
}
