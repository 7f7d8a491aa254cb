import type { CreatedNode } from '@pocketnet/ledger';
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
  const watched = createWatchedTemplates((templateId) => own(templateId) !== undefined, core.undo);
  const subscription = core.records$.subscribe((record) => watched.apply(record));
  return {
    active: (kind: IndexedTemplate): CreatedNode[] =>
      kind in indexed ? watched.active(idOf(kind)) : core.watched.active(idOf(kind)),
    close: () => subscription.unsubscribe(),
  };
}

export type AutomationIndex = ReturnType<typeof createAutomationIndex>;
