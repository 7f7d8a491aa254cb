import type { CreatedNode, JournalRecord } from '@pocketnet/ledger';

/**
 * Active contracts of a few templates the node's own automation keeps looking up (rounds,
 * coupons, rules), by template id in creation order. Only the watched templates are indexed,
 * so the other millions of contracts cost nothing here.
 */
export function createWatchedTemplates(isWatched: (templateId: string) => boolean) {
  const byTemplate = new Map<string, Map<string, CreatedNode>>();
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (!isWatched(node.templateId)) continue;
        if (node.kind === 'created') {
          const contracts = byTemplate.get(node.templateId) ?? new Map<string, CreatedNode>();
          contracts.set(node.contractId, node);
          byTemplate.set(node.templateId, contracts);
        } else if (node.consuming) {
          byTemplate.get(node.templateId)?.delete(node.contractId);
        }
      }
    },
    active: (templateId: string): CreatedNode[] => [
      ...(byTemplate.get(templateId)?.values() ?? []),
    ],
  };
}

export type WatchedTemplates = ReturnType<typeof createWatchedTemplates>;
