import { type CreatedNode, type JournalRecord, type UndoLog, undoableMap } from '@pocketnet/ledger';

/** A watched contract and where it was created, which orders a template's contracts. */
type Watched = { readonly node: CreatedNode; readonly offset: number };

const creationOrder = ([, left]: [string, Watched], [, right]: [string, Watched]) =>
  left.offset - right.offset || left.node.nodeId - right.node.nodeId;

/**
 * Active contracts of a few templates the node's own automation keeps looking up (rounds,
 * coupons, rules), by template id in creation order. Only the watched templates are indexed,
 * so the other millions of contracts cost nothing here.
 */
export function createWatchedTemplates(isWatched: (templateId: string) => boolean, undo: UndoLog) {
  const byTemplate = undoableMap<string, Map<string, Watched>>(undo);
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      const { offset } = record;
      for (const node of record.nodes) {
        if (!isWatched(node.templateId)) continue;
        if (node.kind === 'created') {
          const contracts =
            byTemplate.get(node.templateId) ?? undoableMap(undo, { order: creationOrder });
          contracts.set(node.contractId, { node, offset });
          byTemplate.set(node.templateId, contracts);
        } else if (node.consuming) {
          byTemplate.get(node.templateId)?.delete(node.contractId);
        }
      }
    },
    active: (templateId: string): CreatedNode[] =>
      Array.from(byTemplate.get(templateId)?.values() ?? [], (watched) => watched.node),
  };
}

export type WatchedTemplates = ReturnType<typeof createWatchedTemplates>;
