import type { CreatedNode, TransactionRecord } from '@pocketnet/ledger';
import { amuletTemplateIds, mergeReferences } from '@pocketnet/splice';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { templateByName } from '../node/template-by-name.ts';
import { createWatchedTemplates } from '../projections/watched-templates.projection.ts';

// Templates only the automations look up by template (the wallet's store files the rest by
// party, and the node already watches rounds and rules).
const indexed = {
  validatorLicense: amuletTemplateIds.validatorLicense,
  batchMergeUtility: mergeReferences.batchMergeUtility,
} as const;

// The network's: an app validator's participant sees none of them (only the DSO is a party to
// them), so they are the node's, as a Splice validator reads them from scan and its synchronizer.
const watchedByNode = {
  memberTraffic: amuletTemplateIds.memberTraffic,
  openMiningRound: amuletTemplateIds.openMiningRound,
  issuingMiningRound: amuletTemplateIds.issuingMiningRound,
  amuletRules: amuletTemplateIds.amuletRules,
} as const;

/** A transaction that created just `node`, `order`-th of those a restore puts back. */
const creationOf = (node: CreatedNode, order: number): TransactionRecord => ({
  type: 'transaction',
  offset: order,
  updateId: '',
  synchronizerId: '',
  effectiveAt: node.createdAt,
  recordTime: node.createdAt,
  workflowId: '',
  submission: null,
  nodes: [node],
  rootNodeIds: [node.nodeId],
});

export type IndexedTemplate = keyof typeof indexed | keyof typeof watchedByNode;

/**
 * The active contracts of a few templates, by template, fed by the bus from the first record
 * (so it is created before the journal is replayed).
 */
export function createAutomationIndex(core: PocketnetNodeCore) {
  // By name, and resolved when asked: under `--splice-dars` Splice's own packages, uploaded
  // after this is made, are the ones its names select.
  const own = templateByName(core.packages, Object.values(indexed));
  const idOf = (kind: IndexedTemplate) =>
    core.packages.resolveTemplate({ ...indexed, ...watchedByNode }[kind]).templateId;
  // The template ids it has held contracts of: what its state section asks it for.
  const heldTemplates = new Set<string>();
  // A restore puts back what was held without asking the packages, not restored yet maybe.
  let restoring = false;
  const isOwn = (templateId: string) => {
    if (!restoring && own(templateId) === undefined) return false;
    heldTemplates.add(templateId);
    return true;
  };
  const watched = createWatchedTemplates(isOwn, core.undo);
  const subscription = core.records$.subscribe((record) => watched.apply(record));
  core.undo.section<[string, CreatedNode[]][]>(`automation.index.${core.identity.participantId}`, {
    // The few contracts it holds (licences, merge utilities), as created, in creation order.
    save: () =>
      [...heldTemplates]
        .sort()
        .map((templateId): [string, CreatedNode[]] => [templateId, watched.active(templateId)])
        .filter(([, contracts]) => contracts.length > 0),
    restore(saved) {
      // Put back through its one way in, as transactions of those contracts in their order.
      let order = 0;
      restoring = true;
      for (const [, contracts] of saved) {
        for (const node of contracts) watched.apply(creationOf(node, order++));
      }
      restoring = false;
    },
  });
  return {
    active: (kind: IndexedTemplate): CreatedNode[] =>
      kind in indexed ? watched.active(idOf(kind)) : core.watched.active(idOf(kind)),
    close: () => subscription.unsubscribe(),
  };
}

export type AutomationIndex = ReturnType<typeof createAutomationIndex>;
