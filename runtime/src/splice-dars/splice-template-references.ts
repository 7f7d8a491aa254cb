import type { SpliceDarSet } from './splice-dar-set.ts';

/**
 * `#name:Module:Entity` as Splice's own package of that name (by its id), for the packages of a
 * `--splice-dars` set; any other reference as it is. The genesis creates the real templates
 * through it, with the payloads our Splice builds (the same field names; issue 21).
 */
export function spliceTemplateOf(set: SpliceDarSet): (reference: string) => string {
  const ids = new Map(set.dars.map((dar) => [dar.name, dar.packageId]));
  return (reference) => {
    const match = /^#([^:]+):(.+)$/.exec(reference);
    const id = match ? ids.get(match[1] ?? '') : undefined;
    return id === undefined ? reference : `${id}:${match?.[2]}`;
  };
}
