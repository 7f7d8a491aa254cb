/** The parts of V8's .heapsnapshot JSON that a per-kind tally needs. */
export type HeapSnapshotJson = {
  readonly snapshot: {
    readonly meta: { readonly node_fields: string[]; readonly node_types: unknown[] };
  };
  readonly nodes: number[];
  readonly strings: string[];
};

export type KindTotals = Map<string, { bytes: number; count: number }>;

export type KindRow = {
  readonly kind: string;
  readonly bytesPerContract: number;
  readonly objectsPerContract: number;
};

// What each string of an Iou ledger is, told by its shape; anything else is `string: other`.
const stringKinds: ReadonlyArray<readonly [RegExp, string]> = [
  [/^WzEs/, 'string: createdEventBlob (base64)'],
  [/^00[0-9a-f]{60,}/, 'string: contract id'],
  [/^1220[0-9a-f]{64}$/, 'string: update id'],
  [/^\["/, 'string: deduplication key (JSON)'],
  [/^\d{4}-\d\d-\d\dT/, 'string: timestamp'],
  [/::1220/, 'string: party id'],
];

function kindOf(type: string, name: string): string {
  if (!type.includes('string')) return `${type}: ${name || '(anonymous)'}`;
  return stringKinds.find(([pattern]) => pattern.test(name))?.[1] ?? 'string: other';
}

/** Self size and count of every heap node, by kind (type + constructor, or string shape). */
export function tallySnapshot(json: HeapSnapshotJson): KindTotals {
  const fields = json.snapshot.meta.node_fields;
  const types = json.snapshot.meta.node_types[0] as string[];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const totals: KindTotals = new Map();
  for (let node = 0; node < json.nodes.length; node += fields.length) {
    const type = types[json.nodes[node + (typeAt ?? 0)] ?? 0] ?? '?';
    const name = json.strings[json.nodes[node + (nameAt ?? 0)] ?? 0] ?? '';
    const kind = kindOf(type, name);
    const entry = totals.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += json.nodes[node + (sizeAt ?? 0)] ?? 0;
    entry.count += 1;
    totals.set(kind, entry);
  }
  return totals;
}

/** What `after` holds beyond `before`, per contract, largest first; noise below 2 B dropped. */
export function growthPerContract(before: KindTotals, after: KindTotals, contracts: number) {
  const rows: KindRow[] = [];
  for (const [kind, grown] of after) {
    const was = before.get(kind) ?? { bytes: 0, count: 0 };
    const bytesPerContract = (grown.bytes - was.bytes) / contracts;
    if (Math.abs(bytesPerContract) < 2) continue;
    rows.push({
      kind,
      bytesPerContract,
      objectsPerContract: (grown.count - was.count) / contracts,
    });
  }
  return rows.sort((a, b) => b.bytesPerContract - a.bytesPerContract);
}
