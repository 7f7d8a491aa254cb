import { DomainError } from '../errors.ts';

/** A template or interface reference as commands give it. */
export type ParsedReference = {
  /** `name` for `#name:Module:Entity`, `id` for the deprecated `packageId:Module:Entity`. */
  readonly by: 'name' | 'id';
  /** The package name or package id. */
  readonly packageRef: string;
  /** `Module.Path:Entity`. */
  readonly qualifiedName: string;
};

const referencePattern = /^(#?)([^:#\s]+):([A-Za-z_][\w.]*):([A-Za-z_][\w.]*)$/;

export function parseReference(reference: string): ParsedReference {
  const match = referencePattern.exec(reference);
  if (match === null) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `Invalid template or interface id ${JSON.stringify(reference)}: expected #packageName:Module:Entity or packageId:Module:Entity`,
    );
  }
  const [, hash = '', packageRef = '', module = '', entity = ''] = match;
  return { by: hash === '#' ? 'name' : 'id', packageRef, qualifiedName: `${module}:${entity}` };
}

/** Compares dotted numeric versions (1.10.0 after 1.9.3). */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
