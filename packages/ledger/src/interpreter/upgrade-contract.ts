import { qualifiedName } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { RecordValue } from '../value.ts';
import { upgradeValue } from '../values/upgrade-value.ts';
import { partySet } from './parties.ts';
import type { LiveContract, TransactionState } from './transaction-state.ts';

const sameParties = (left: readonly string[], right: readonly string[]) => {
  const a = partySet(left);
  const b = new Set(partySet(right));
  return a.length === b.size && a.every((party) => b.has(party));
};

/**
 * A contract's payload as another version of its template sees it (Canton's smart-contract
 * upgrading): converted to that version's type, which must then give the contract the same
 * signatories and observers and satisfy its precondition. The contract's own version sees
 * its payload unchanged.
 */
export function payloadAs(live: LiveContract, target: ResolvedTemplate): RecordValue {
  const { contract } = live;
  if (target.packageId === live.template.packageId) return contract.createArgument;
  const { definition } = target;
  const payload = upgradeValue(definition.payloadType, contract.createArgument);
  const signatories = definition.signatories(payload);
  const observers = definition.observers?.(payload) ?? [];
  const observersOnly = partySet(observers).filter((party) => !signatories.includes(party));
  if (
    !sameParties(signatories, contract.signatories) ||
    !sameParties(observersOnly, contract.observers)
  ) {
    throw new DomainError(
      'INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED',
      `Interpretation error: Error: Validation fails when trying to upgrade the contract ${contract.contractId} from ${contract.templateId} to ${target.templateId}. Verify that neither the signatories, nor the observers, nor the contract key, nor the key's maintainers have changed`,
      { details: { contractId: contract.contractId, templateId: target.templateId } },
    );
  }
  const verdict = definition.ensure?.(payload) ?? true;
  if (verdict !== true) {
    const reason = typeof verdict === 'string' ? `: ${verdict}` : '';
    throw new DomainError(
      'DAML_INTERPRETATION_ERROR',
      `Template precondition violated for ${target.templateId} (contract ${contract.contractId} upgraded from ${contract.templateId})${reason}`,
    );
  }
  return payload;
}

/**
 * The version of a contract's template that runs when a command or body names `target` (of
 * the same name): the one named, as Canton; but a Daml-LF version never runs a contract of
 * the node's own TypeScript package of that name, nor the reverse (the TypeScript packages
 * imitate Splice's under the same names), so across the two the contract's own version runs.
 */
export function versionFor(
  state: TransactionState,
  live: LiveContract,
  target: ResolvedTemplate,
): ResolvedTemplate {
  if (target.packageId === live.template.packageId) return target;
  const { packages } = state.input;
  const isLf = (packageId: string) => packages.packageById(packageId)?.archive !== undefined;
  return isLf(target.packageId) === isLf(live.template.packageId) ? target : live.template;
}

/**
 * The contract as an interface action (exercise, fetch) sees it: Canton upgrades it to the
 * version of its template the package selection picks for its package name (among packages
 * written as its own), and runs that version's interface instance.
 */
export function selectedVersion(
  state: TransactionState,
  live: LiveContract,
): { readonly template: ResolvedTemplate; readonly payload: RecordValue } {
  const own = { template: live.template, payload: live.contract.createArgument };
  const { packages, selection } = state.input;
  const chosen = packages.selectPackage(live.template.packageName, {
    ...selection,
    like: live.template.packageId,
  });
  if (chosen === undefined || chosen.packageId === live.template.packageId) return own;
  const template = packages.templateById(
    `${chosen.packageId}:${qualifiedName(live.template.definition.id)}`,
  );
  return template === undefined ? own : { template, payload: payloadAs(live, template) };
}
