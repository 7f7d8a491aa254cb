// Every definition a package refers to, found by walking its definitions without recursion
// (LF expressions nest deeper than the JavaScript stack allows).

import type { QualifiedName } from '../ast/names.ts';
import type { Package } from '../ast.ts';

export type ReferenceKind = 'dataType' | 'synonym' | 'value' | 'template' | 'interface';

export type Reference = {
  readonly kind: ReferenceKind;
  readonly name: QualifiedName;
  /** For an exercise: the choice it names. */
  readonly choice?: string;
};

type Node = { readonly [field: string]: unknown };

/** Which field of a node of a given tag names which kind of definition. */
const referenceFields: Readonly<Record<string, ReadonlyArray<readonly [string, ReferenceKind]>>> = {
  con: [['tycon', 'dataType']],
  syn: [['tysyn', 'synonym']],
  val: [['value', 'value']],
  enumCon: [['tycon', 'dataType']],
  variant: [['tycon', 'dataType']],
  enum: [['tycon', 'dataType']],
  create: [['template', 'template']],
  exercise: [['template', 'template']],
  exerciseByKey: [['template', 'template']],
  fetch: [['template', 'template']],
  lookupByKey: [['template', 'template']],
  fetchByKey: [['template', 'template']],
  choiceController: [['template', 'template']],
  choiceObserver: [['template', 'template']],
  createInterface: [['interface', 'interface']],
  exerciseInterface: [['interface', 'interface']],
  fetchInterface: [['interface', 'interface']],
  toInterface: [
    ['interface', 'interface'],
    ['template', 'template'],
  ],
  fromInterface: [
    ['interface', 'interface'],
    ['template', 'template'],
  ],
  unsafeFromInterface: [
    ['interface', 'interface'],
    ['template', 'template'],
  ],
  callInterface: [['interface', 'interface']],
  signatoryInterface: [['interface', 'interface']],
  observerInterface: [['interface', 'interface']],
  viewInterface: [['interface', 'interface']],
  interfaceTemplateTypeRep: [['interface', 'interface']],
  toRequiredInterface: [
    ['requiredInterface', 'interface'],
    ['requiringInterface', 'interface'],
  ],
  fromRequiredInterface: [
    ['requiredInterface', 'interface'],
    ['requiringInterface', 'interface'],
  ],
  unsafeFromRequiredInterface: [
    ['requiredInterface', 'interface'],
    ['requiringInterface', 'interface'],
  ],
};

/** Record and variant expressions name their type through a type constructor application. */
const appliedTypeTags = new Set(['recCon', 'recProj', 'recUpd', 'variantCon']);

function referencesOf(node: Node, found: (reference: Reference) => void): void {
  const tag = node.tag;
  if (typeof tag === 'string') {
    for (const [field, kind] of referenceFields[tag] ?? []) {
      // Definitions share some tags with expressions (a data type's `variant`): no name, no reference.
      const name = node[field];
      if (typeof name !== 'object' || name === null) continue;
      const choice = tag === 'exercise' ? { choice: node.choice as string } : {};
      found({ kind, name: name as QualifiedName, ...choice });
    }
    if (appliedTypeTags.has(tag)) {
      found({ kind: 'dataType', name: (node.tycon as Node).tycon as QualifiedName });
    }
  } else if ('view' in node && 'methods' in node && 'interface' in node) {
    found({ kind: 'interface', name: node.interface as QualifiedName });
  } else if (Array.isArray(node.requires)) {
    for (const name of node.requires as QualifiedName[]) found({ kind: 'interface', name });
  }
}

/** Calls `found` for every reference in the package (a shared sub-tree is visited once). */
export function forEachReference(pkg: Package, found: (reference: Reference) => void): void {
  const seen = new Set<object>();
  const stack: unknown[] = [...pkg.modules.values()];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value instanceof Map) {
      for (const item of value.values()) stack.push(item);
    } else {
      referencesOf(value as Node, found);
      for (const field in value) stack.push((value as Node)[field]);
    }
  }
}
