import {
  type CreatedNode,
  type JournalRecord,
  type UndoLog,
  undoableMap,
  undoableSet,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { walletInstall } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
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
  const apply = (record: JournalRecord) => {
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
      const contracts = byParty.get(party)?.get(kind);
      return contracts ? [...contracts.values()] : [];
    },
    get(contractId: string): WalletContract | undefined {
      return byId.get(contractId);
    },
    /** The active wallet installs of an end-user name, oldest first. */
    installsOf(userName: string): WalletContract[] {
      return [...(installsByUser.get(userName) ?? [])]
        .map((contractId) => byId.get(contractId))
        .filter((contract): contract is WalletContract => contract !== undefined)
        .sort(oldestFirst);
    },
    /** Whether the party has (or had) a wallet here: whose history the wallet keeps. */
    hasWallet: (party: string): boolean => walletParties.has(party),
    /** End-user names with an active install, in no particular order. */
    userNames(): string[] {
      return [...installsByUser].filter(([, ids]) => ids.size > 0).map(([name]) => name);
    },
    close: () => subscription.unsubscribe(),
  };
}

export type WalletContracts = ReturnType<typeof createWalletContracts>;
