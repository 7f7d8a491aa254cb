/**
 * Sizes of subscription results as their JSON, for the bound on what a slow subscriber may
 * leave untaken. A shared result is measured once, however many subscribers buffer it, and
 * only when one does: a subscriber that keeps up takes each result without it being measured.
 */
export function createResultSizes(): (result: unknown) => number {
  const sizes = new WeakMap<object, number>();
  return (result) => {
    if (typeof result !== 'object' || result === null) return String(result).length;
    const known = sizes.get(result);
    if (known !== undefined) return known;
    const size = JSON.stringify(result)?.length ?? 0;
    sizes.set(result, size);
    return size;
  };
}
