import { parseTime } from '@pocketnet/ledger';
import { ansTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { type AnsEntryView, dsoAnsEntries } from './dso-state.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { networkReferences as refs } from './network-references.ts';

function entryView(contract: NetworkContract): AnsEntryView {
  const entry = payloadOf(ansTemplates.AnsEntry, contract.node.createArgument);
  return {
    contractId: contract.node.contractId,
    user: entry.user,
    name: entry.name,
    url: entry.url,
    description: entry.description,
    expiresAt: entry.expiresAt,
  };
}

const isLive = (entry: AnsEntryView, nowMicros: bigint) =>
  entry.expiresAt === null || (parseTime(entry.expiresAt) ?? 0n) > nowMicros;

/**
 * The name service as Scan reads it: the ledger's entries that have not expired, oldest first,
 * and the DSO's own entries (the DSO and its SVs), which have no contracts.
 */
export function createAnsEntries(deps: {
  readonly contracts: NetworkContracts;
  readonly nowMicros: () => bigint;
}) {
  const liveEntries = (contracts: readonly NetworkContract[]) => {
    const now = deps.nowMicros();
    return contracts.map(entryView).filter((entry) => isLive(entry, now));
  };
  const byName = (a: AnsEntryView, b: AnsEntryView) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return {
    /** Entries whose name starts with `prefix`, ledger entries first, at most `pageSize`. */
    list(prefix: string, pageSize: number): AnsEntryView[] {
      const matching = (entry: AnsEntryView) => entry.name.startsWith(prefix);
      const fromLedger = liveEntries(deps.contracts.active(refs.ansEntry)).filter(matching);
      const fromDso = dsoAnsEntries(deps.contracts).filter(matching);
      return [...fromLedger, ...fromDso].slice(0, pageSize);
    },
    /** The DSO's entry for the party, else its ledger entry first by name. */
    byParty(party: string): AnsEntryView | null {
      const provided = dsoAnsEntries(deps.contracts).find((entry) => entry.user === party);
      if (provided) return provided;
      return liveEntries(deps.contracts.ofParty(refs.ansEntry, party)).sort(byName)[0] ?? null;
    },
    byName(name: string): AnsEntryView | null {
      const provided = dsoAnsEntries(deps.contracts).find((entry) => entry.name === name);
      if (provided) return provided;
      const all = liveEntries(deps.contracts.active(refs.ansEntry));
      return all.find((entry) => entry.name === name) ?? null;
    },
  };
}
