import {
  type CreatedNode,
  type JournalRecord,
  type StateSection,
  type UndoLog,
  undoableMap,
  undoableSet,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { walletInstall } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import { createdIn, createRestoreOnUse, type NodeAt, positionsOf } from './saved-contracts.ts';
import { indexPartiesOf, type WalletTemplate, walletTemplateOf } from './wallet-templates.ts';

/** An active wallet contract, with where and when it was created. */
export type WalletContract = {
  readonly kind: WalletTemplate;
  readonly node: CreatedNode;
  readonly offset: number;
  readonly synchronizerId: string;
};

type ByKind = Map<WalletTemplate, Map<string, WalletContract>>;

/**
 * The wallet's own store: the active contracts of the wallet templates, by stakeholder and
 * template, and the wallet installs by end-user name. Fed by the bus from the first record on.
 */
const oldestFirst = (left: WalletContract, right: WalletContract) =>
  left.offset - right.offset || left.node.nodeId - right.node.nodeId;

/**
 * The store's state section: the active contracts by where they were created (oldest first),
 * the end-user names with installs (in the order they came) and the parties that ever had a
 * wallet, which the active contracts alone do not tell.
 */
export type SavedWalletContracts = {
  readonly contracts: readonly NodeAt[];
  readonly installUsers: readonly string[];
  readonly walletParties: readonly string[];
};

export function createWalletContracts(records$: Observable<JournalRecord>, undo: UndoLog) {
  const byParty = undoableMap<string, ByKind>(undo);
  const byId = undoableMap<string, WalletContract>(undo);
  const installsByUser = undoableMap<string, Set<string>>(undo);
  const walletParties = undoableSet<string>(undo);

  const kindsOf = (party: string): ByKind => {
    const known = byParty.get(party);
    if (known) return known;
    const created: ByKind = undoableMap(undo);
    byParty.set(party, created);
    return created;
  };
  const add = (contract: WalletContract) => {
    byId.set(contract.node.contractId, contract);
    for (const party of indexPartiesOf(contract.kind, contract.node)) {
      const kinds = kindsOf(party);
      let contracts = kinds.get(contract.kind);
      if (contracts === undefined) {
        // Served oldest first: a contract a rollback brings back goes back in its place.
        contracts = undoableMap(undo, { order: ([, left], [, right]) => oldestFirst(left, right) });
        kinds.set(contract.kind, contracts);
      }
      contracts.set(contract.node.contractId, contract);
    }
    if (contract.kind === 'walletAppInstall') {
      const install = payloadOf(walletInstall.WalletAppInstall, contract.node.createArgument);
      const installs = installsByUser.get(install.endUserName);
      if (installs) installs.add(contract.node.contractId);
      else installsByUser.set(install.endUserName, undoableSet(undo, [contract.node.contractId]));
      walletParties.add(install.endUserParty);
    }
  };
  const remove = (contractId: string) => {
    const contract = byId.get(contractId);
    if (!contract) return;
    byId.delete(contractId);
    for (const party of indexPartiesOf(contract.kind, contract.node)) {
      byParty.get(party)?.get(contract.kind)?.delete(contractId);
    }
    if (contract.kind === 'walletAppInstall') {
      const install = payloadOf(walletInstall.WalletAppInstall, contract.node.createArgument);
      installsByUser.get(install.endUserName)?.delete(contractId);
    }
  };
  const restored = createRestoreOnUse<SavedWalletContracts>(undo, (saved, transactions) => {
    for (const name of saved.installUsers) installsByUser.set(name, undoableSet(undo));
    for (const party of saved.walletParties) walletParties.add(party);
    for (const at of saved.contracts) {
      const { record, node } = createdIn(transactions, at);
      const kind = walletTemplateOf(node);
      if (kind === undefined) throw new Error(`node ${at.join('/')} is no wallet contract`);
      add({ kind, node, offset: record.offset, synchronizerId: record.synchronizerId });
    }
  });
  const section: StateSection<SavedWalletContracts> = {
    save: () =>
      restored.saved() ?? {
        contracts: positionsOf(byId.values()),
        installUsers: [...installsByUser.keys()],
        walletParties: [...walletParties],
      },
    restore: restored.restore,
  };
  const apply = (record: JournalRecord) => {
    restored.ensure();
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      if (node.kind === 'exercised') {
        if (node.consuming) remove(node.contractId);
        continue;
      }
      const kind = walletTemplateOf(node);
      if (kind === undefined) continue;
      add({ kind, node, offset: record.offset, synchronizerId: record.synchronizerId });
    }
  };
  const subscription = records$.subscribe(apply);

  return {
    /** Active contracts of `kind` that `party` is a stakeholder of, oldest first. */
    of(party: string, kind: WalletTemplate): WalletContract[] {
      restored.ensure();
      const contracts = byParty.get(party)?.get(kind);
      return contracts ? [...contracts.values()] : [];
    },
    get(contractId: string): WalletContract | undefined {
      restored.ensure();
      return byId.get(contractId);
    },
    /** The active wallet installs of an end-user name, oldest first. */
    installsOf(userName: string): WalletContract[] {
      restored.ensure();
      return [...(installsByUser.get(userName) ?? [])]
        .map((contractId) => byId.get(contractId))
        .filter((contract): contract is WalletContract => contract !== undefined)
        .sort(oldestFirst);
    },
    /** Whether the party has (or had) a wallet here: whose history the wallet keeps. */
    hasWallet(party: string): boolean {
      restored.ensure();
      return walletParties.has(party);
    },
    /** End-user names with an active install, in no particular order. */
    userNames(): string[] {
      restored.ensure();
      return [...installsByUser].filter(([, ids]) => ids.size > 0).map(([name]) => name);
    },
    /** What a state file saves of the store; the wallet registers it under its participant. */
    section,
    close: () => subscription.unsubscribe(),
  };
}

export type WalletContracts = ReturnType<typeof createWalletContracts>;
