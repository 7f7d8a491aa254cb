import { amuletRulesTemplate, dsoRulesTemplate } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { networkReferences as refs, spliceInstanceNames } from './network-references.ts';

/** An SV as DsoRules lists it. */
export type SvMember = { readonly party: string; readonly name: string };

/** The DSO's rules: the one active DsoRules, if the network has been founded. */
export const dsoRulesOf = (contracts: NetworkContracts): NetworkContract | undefined =>
  contracts.active(refs.dsoRules)[0];

/** The DSO party, as the network's rules name it. */
export function dsoPartyOf(contracts: NetworkContracts): string | null {
  const [rules] = contracts.active(refs.dsoRules);
  if (rules) return payloadOf(dsoRulesTemplate, rules.node.createArgument).dso;
  const [amuletRules] = contracts.active(refs.amuletRules);
  return amuletRules ? payloadOf(amuletRulesTemplate, amuletRules.node.createArgument).dso : null;
}

/** The SVs of the DSO (its rules' `svs` map, a list of `[party, SvInfo]` pairs). */
export function svsOf(rules: NetworkContract | undefined): SvMember[] {
  if (rules === undefined) return [];
  const { svs } = payloadOf(dsoRulesTemplate, rules.node.createArgument);
  return svs.map(([party, info]) => ({ party, name: info.name }));
}

/** A name-service entry as Scan reports it; DSO-provided ones have no contract and no expiry. */
export type AnsEntryView = {
  readonly contractId: string | null;
  readonly user: string;
  readonly name: string;
  readonly url: string;
  readonly description: string;
  readonly expiresAt: string | null;
};

const ansAcronym = spliceInstanceNames.nameServiceNameAcronym.toLowerCase();
const dsoEntryName = `dso.${ansAcronym}`;
const svEntryName = (svName: string) => `${svName.toLowerCase()}.sv.${ansAcronym}`;

const dsoProvided = (user: string, name: string): AnsEntryView => ({
  contractId: null,
  user,
  name,
  url: '',
  description: '',
  expiresAt: null,
});

/**
 * The entries the DSO provides without contracts, as Splice's Scan does: `dso.ans` for the DSO
 * party and `<sv name>.sv.ans` for each SV.
 */
export function dsoAnsEntries(contracts: NetworkContracts): AnsEntryView[] {
  const dso = dsoPartyOf(contracts);
  if (dso === null) return [];
  return [
    dsoProvided(dso, dsoEntryName),
    ...svsOf(dsoRulesOf(contracts)).map((sv) => dsoProvided(sv.party, svEntryName(sv.name))),
  ];
}
