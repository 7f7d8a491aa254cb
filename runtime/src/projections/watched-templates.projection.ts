import {
  type CreatedNode,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';

/**
 * A watched contract and where it was created, which orders a template's contracts; the
 * journal index of its record is what the state section keeps of it.
 */
type Watched = {
  readonly node: CreatedNode;
  readonly offset: number;
  readonly journalIndex: number;
};

/** The section: per template, its contracts' creates as `[journal index, node id]`, in order. */
export type SavedWatchedTemplates = readonly (readonly [
  string,
  readonly (readonly [number, number])[],
])[];

const creationOrder = ([, left]: [string, Watched], [, right]: [string, Watched]) =>
  left.offset - right.offset || left.node.nodeId - right.node.nodeId;

/**
 * Active contracts of a few templates the node's own automation keeps looking up (rounds,
 * coupons, rules), by template id in creation order. Only the watched templates are indexed,
 * so the other millions of contracts cost nothing here. `section`: the name of its state
 * section (none without one). Its restore decodes the records of the contracts it holds, which
 * are few.
 */
export function createWatchedTemplates(
  isWatched: (templateId: string) => boolean,
  undo: UndoLog,
  options: { readonly section?: string } = {},
) {
  const byTemplate = undoableMap<string, Map<string, Watched>>(undo);
  // Counts the journal's records, admin ones too, as they are applied: the next one's index.
  const journal = { records: 0 };
  const watch = (record: TransactionRecord, node: CreatedNode, journalIndex: number) => {
    const contracts =
      byTemplate.get(node.templateId) ?? undoableMap(undo, { order: creationOrder });
    contracts.set(node.contractId, { node, offset: record.offset, journalIndex });
    byTemplate.set(node.templateId, contracts);
  };
  if (options.section !== undefined) {
    undo.section<{ journalRecords: number; templates: SavedWatchedTemplates }>(options.section, {
      save: () => ({
        journalRecords: journal.records,
        templates: [...byTemplate]
          .filter(([, contracts]) => contracts.size > 0)
          .map(([templateId, contracts]) => [
            templateId,
            [...contracts.values()].map((watched) => [watched.journalIndex, watched.node.nodeId]),
          ]),
      }),
      restore(saved, history) {
        journal.records = saved.journalRecords;
        for (const [, contracts] of saved.templates) {
          for (const [journalIndex, nodeId] of contracts) {
            const record = history.at(journalIndex);
            const node = record.type === 'transaction' ? record.nodes[nodeId] : undefined;
            if (record.type !== 'transaction' || node?.kind !== 'created') {
              throw new Error(`the state's journal has no watched contract at ${journalIndex}`);
            }
            watch(record, node, journalIndex);
          }
        }
      },
    });
  }
  return {
    apply(record: JournalRecord) {
      const journalIndex = journal.records;
      undo.assign(journal, 'records', journalIndex + 1);
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (!isWatched(node.templateId)) continue;
        if (node.kind === 'created') watch(record, node, journalIndex);
        else if (node.consuming) byTemplate.get(node.templateId)?.delete(node.contractId);
      }
    },
    active: (templateId: string): CreatedNode[] =>
      Array.from(byTemplate.get(templateId)?.values() ?? [], (watched) => watched.node),
  };
}

export type WatchedTemplates = ReturnType<typeof createWatchedTemplates>;
