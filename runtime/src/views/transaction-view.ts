import type {
  CreatedNode,
  ExercisedNode,
  InterfaceView,
  TransactionNode,
  TransactionRecord,
} from '@pocketnet/ledger';
import { type EventFilter, type FilterMatch, matchingParties } from './event-filter.ts';
import type { TemplateCatalog } from './template-catalog.ts';

export type TransactionShape = 'ACS_DELTA' | 'LEDGER_EFFECTS';

export type EventView =
  | {
      readonly kind: 'created';
      readonly node: CreatedNode;
      readonly witnessParties: readonly string[];
      readonly acsDelta: boolean;
      readonly includeCreatedEventBlob: boolean;
      readonly interfaceViews: readonly InterfaceView[];
    }
  | {
      readonly kind: 'exercised' | 'archived';
      readonly node: ExercisedNode;
      readonly witnessParties: readonly string[];
      readonly acsDelta: boolean;
    };

export type TransactionView = {
  readonly record: TransactionRecord;
  readonly events: readonly EventView[];
};

/**
 * The part of a transaction that a filter may see, in the requested shape. ACS_DELTA shows
 * creates and archives to stakeholders, leaving out contracts created and archived in the same
 * transaction; LEDGER_EFFECTS shows every created and exercised node to its witnesses.
 */
export function viewTransaction(
  record: TransactionRecord,
  filter: EventFilter,
  shape: TransactionShape,
  catalog: TemplateCatalog,
): TransactionView | null {
  const createdHere = new Set<string>();
  const consumedHere = new Set<string>();
  for (const node of record.nodes) {
    if (node.kind === 'created') createdHere.add(node.contractId);
    else if (node.consuming) consumedHere.add(node.contractId);
  }
  const events: EventView[] = [];
  for (const node of record.nodes) {
    const inDelta =
      node.kind === 'created'
        ? !consumedHere.has(node.contractId)
        : node.consuming && !createdHere.has(node.contractId);
    if (shape === 'ACS_DELTA' && !inDelta) continue;
    const event = viewNode(node, { filter, shape, catalog, inDelta });
    if (event) events.push(event);
  }
  return events.length === 0 ? null : { record, events };
}

type NodeContext = {
  filter: EventFilter;
  shape: TransactionShape;
  catalog: TemplateCatalog;
  inDelta: boolean;
};

function viewNode(node: TransactionNode, context: NodeContext): EventView | null {
  const { filter, shape, catalog, inDelta } = context;
  const candidates = shape === 'ACS_DELTA' ? stakeholdersOf(node) : node.witnesses;
  const matched = matchingParties(filter, candidates, node.templateId, catalog);
  if (!matched) return null;
  const stakeholders = stakeholdersOf(node);
  const acsDelta = inDelta && matched.parties.some((party) => stakeholders.includes(party));
  if (node.kind === 'created') {
    return createdView(node, matched.parties, acsDelta, matched.match, catalog);
  }
  const kind = shape === 'ACS_DELTA' ? 'archived' : 'exercised';
  return { kind, node, witnessParties: matched.parties, acsDelta };
}

export function createdView(
  node: CreatedNode,
  witnessParties: readonly string[],
  acsDelta: boolean,
  match: FilterMatch,
  catalog: TemplateCatalog,
): EventView {
  return {
    kind: 'created',
    node,
    witnessParties,
    acsDelta,
    includeCreatedEventBlob: match.includeCreatedEventBlob,
    interfaceViews: interfaceViewsOf(match, node, catalog),
  };
}

/** One view per interface, even when filters asked for it by name and by id. */
function interfaceViewsOf(match: FilterMatch, node: CreatedNode, catalog: TemplateCatalog) {
  const views = match.interfaceViews.map((key) => catalog.interfaceView(key, node));
  if (views.length < 2) return views;
  const seen = new Set<string>();
  return views.filter((view) => !seen.has(view.interfaceId) && seen.add(view.interfaceId));
}

function stakeholdersOf(node: TransactionNode): readonly string[] {
  if (node.kind !== 'created') return node.stakeholders;
  return node.observers.length === 0 ? node.signatories : [...node.signatories, ...node.observers];
}
