import {
  appendOnlyArray,
  type CreatedNode,
  type ExercisedNode,
  type JournalRecord,
  type StateSection,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { Observable, Subscription } from 'rxjs';
import {
  createdIn,
  createRestoreOnUse,
  type NodeAt,
  nodeIn,
  positionsOf,
} from '../wallet/saved-contracts.ts';
import { type AppTemplate, appTemplateOf, stakeholdersOf } from './app-templates.ts';

/** An active app contract, with where and when it was created. */
export type AppContract = {
  readonly kind: AppTemplate;
  readonly node: CreatedNode;
  readonly offset: number;
  readonly synchronizerId: string;
};

/** A development fund coupon that is gone, and how it went. */
export type ArchivedCoupon = {
  readonly node: CreatedNode;
  readonly archivedAt: string;
  readonly choice: string;
  readonly choiceArgument: ExercisedNode['choiceArgument'];
  /** Position in the ledger, for paging: the offset and the node. */
  readonly sequence: number;
};

/**
 * The store's state section: the active contracts by where they were created (oldest first),
 * and each archived development fund coupon as where it was created and where archived.
 */
export type SavedAppContracts = {
  readonly contracts: readonly NodeAt[];
  readonly archivedCoupons: readonly (readonly [created: NodeAt, archived: NodeAt])[];
};

type Index = Map<AppTemplate, Map<string, AppContract>>;

const oldestFirst = (left: AppContract, right: AppContract) =>
  left.offset - right.offset || left.node.nodeId - right.node.nodeId;

const put = (undo: UndoLog, index: Index, contract: AppContract) => {
  let contracts = index.get(contract.kind);
  if (contracts === undefined) {
    // Served oldest first: a contract a rollback brings back goes back in its place.
    contracts = undoableMap(undo, { order: ([, left], [, right]) => oldestFirst(left, right) });
    index.set(contract.kind, contracts);
  }
  contracts.set(contract.node.contractId, contract);
};

type ArchivingRecord = { readonly offset: number; readonly effectiveAt: string };

const archivedCoupon = (
  coupon: CreatedNode,
  node: ExercisedNode,
  record: ArchivingRecord,
): ArchivedCoupon => ({
  node: coupon,
  archivedAt: record.effectiveAt,
  choice: node.choice,
  choiceArgument: node.choiceArgument,
  sequence: record.offset * 10_000 + node.nodeId,
});

/**
 * The wallet apps' own store, fed by the bus from the first record on: the active contracts of
 * the app templates by stakeholder and by template, and the history of development fund coupons.
 */
export function createAppContracts(records$: Observable<JournalRecord>, undo: UndoLog) {
  const byParty = undoableMap<string, Index>(undo);
  const byKind: Index = undoableMap(undo);
  const byId = undoableMap<string, AppContract>(undo);
  const couponHistory = appendOnlyArray<ArchivedCoupon>(undo);
  // Where each archived coupon was created and archived, for the section.
  const couponsAt = appendOnlyArray<readonly [NodeAt, NodeAt]>(undo);

  const add = (contract: AppContract) => {
    byId.set(contract.node.contractId, contract);
    put(undo, byKind, contract);
    for (const party of stakeholdersOf(contract.node)) {
      let index = byParty.get(party);
      if (index === undefined) {
        index = undoableMap(undo);
        byParty.set(party, index);
      }
      put(undo, index, contract);
    }
  };
  const remove = (node: ExercisedNode, record: ArchivingRecord) => {
    const contract = byId.get(node.contractId);
    if (!contract) return;
    byId.delete(node.contractId);
    byKind.get(contract.kind)?.delete(node.contractId);
    for (const party of stakeholdersOf(contract.node)) {
      byParty.get(party)?.get(contract.kind)?.delete(node.contractId);
    }
    if (contract.kind === 'developmentFundCoupon') {
      couponsAt.push([
        [contract.offset, contract.node.nodeId],
        [record.offset, node.nodeId],
      ]);
      couponHistory.push(archivedCoupon(contract.node, node, record));
    }
  };
  const restored = createRestoreOnUse<SavedAppContracts>(undo, (saved, transactions) => {
    for (const at of saved.contracts) {
      const { record, node } = createdIn(transactions, at);
      const kind = appTemplateOf(node);
      if (kind === undefined) throw new Error(`node ${at.join('/')} is no app contract`);
      add({ kind, node, offset: record.offset, synchronizerId: record.synchronizerId });
    }
    for (const [createdAt, archivedAt] of saved.archivedCoupons) {
      const created = createdIn(transactions, createdAt);
      const archived = nodeIn(transactions, archivedAt);
      if (archived.node.kind !== 'exercised') throw new Error('a coupon archived by a create');
      couponsAt.push([createdAt, archivedAt]);
      couponHistory.push(archivedCoupon(created.node, archived.node, archived.record));
    }
  });
  const section: StateSection<SavedAppContracts> = {
    save: () =>
      restored.saved() ?? {
        contracts: positionsOf(byId.values()),
        archivedCoupons: [...couponsAt],
      },
    restore: restored.restore,
  };
  const apply = (record: JournalRecord) => {
    restored.ensure();
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      if (node.kind === 'exercised') {
        if (node.consuming) remove(node, record);
        continue;
      }
      const kind = appTemplateOf(node);
      if (kind === undefined) continue;
      add({ kind, node, offset: record.offset, synchronizerId: record.synchronizerId });
    }
  };
  const subscription: Subscription = records$.subscribe(apply);

  return {
    /** Active contracts of `kind` that `party` is a stakeholder of, oldest first. */
    of(party: string, kind: AppTemplate): AppContract[] {
      restored.ensure();
      return [...(byParty.get(party)?.get(kind)?.values() ?? [])];
    },
    /** Every active contract of `kind`, oldest first. */
    all(kind: AppTemplate): AppContract[] {
      restored.ensure();
      return [...(byKind.get(kind)?.values() ?? [])];
    },
    get(contractId: string): AppContract | undefined {
      restored.ensure();
      return byId.get(contractId);
    },
    /** Archived development fund coupons a party was a stakeholder of, in ledger order. */
    archivedCouponsOf(party: string): ArchivedCoupon[] {
      restored.ensure();
      return couponHistory.filter((coupon) => stakeholdersOf(coupon.node).includes(party));
    },
    /** What a state file saves of the store; the apps register it under their participant. */
    section,
    close: () => subscription.unsubscribe(),
  };
}

export type AppContracts = ReturnType<typeof createAppContracts>;
