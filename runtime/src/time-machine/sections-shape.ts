/**
 * The version of the holders' saved shapes (issue 23). A state file names the version it was
 * saved with; a node of another version replays the file's journal rather than restore sections
 * it could misread. sections-shape.test.ts keeps the shapes of a devnet's sections and fails
 * when one changes while this number stays.
 */
export const sectionsShapeVersion = 1;

/**
 * The shape of a saved value: objects by their keys, arrays by the distinct shapes of their
 * items, and otherwise the JSON type. Two saves of one build on different histories share it
 * wherever both have the data.
 */
export function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    const items = new Map<string, unknown>();
    for (const item of value) {
      const shape = shapeOf(item);
      items.set(JSON.stringify(shape), shape);
    }
    return [...items].sort(([left], [right]) => left.localeCompare(right)).map(([, s]) => s);
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value as object).sort();
    return Object.fromEntries(
      keys.map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}
