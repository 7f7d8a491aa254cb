import { type CreatedNode, DomainError, formatMicros } from '@pocketnet/ledger';
import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { roundTemplates, transferPreapprovalTemplate } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import type { RegistryContracts } from './registry-contracts.projection.ts';
import { isOf, type RegistryReference, registryReferences as refs } from './registry-references.ts';

// The contracts a registry answer is built from, read from the registry's own projection (for
// the reference contracts) and from the node's active contract set (for a contract by id).

export const notFound = (message: string, details: Record<string, string> = {}) =>
  new DomainError('CONTRACT_NOT_FOUND', message, { details });

const openRoundOf = (round: CreatedNode) =>
  payloadOf(roundTemplates.OpenMiningRound, round.createArgument);
const expiresAtOf = (preapproval: CreatedNode) =>
  payloadOf(transferPreapprovalTemplate, preapproval.createArgument).expiresAt;

export function createRegistryLookups(core: PocketnetNodeCore, contracts: RegistryContracts) {
  const now = () => formatMicros(core.clock.nowMicros());
  const only = (reference: RegistryReference, what: string): CreatedNode => {
    const node = contracts.active(reference).at(-1);
    if (node === undefined) throw notFound(`No active ${what} contract found.`);
    return node;
  };
  return {
    now,
    amuletRules: () => only(refs.amuletRules, 'AmuletRules'),
    externalPartyAmuletRules: () => only(refs.externalPartyAmuletRules, 'ExternalPartyAmuletRules'),
    /** The newest ExternalPartyConfigState, when the network has one. */
    externalPartyConfigState: (): CreatedNode | null =>
      contracts.active(refs.externalPartyConfigState).at(-1) ?? null,
    /** The open round with the highest number whose `opensAt` has come. */
    latestUsableOpenRound(): CreatedNode {
      const at = now();
      const usable = contracts
        .active(refs.openMiningRound)
        .filter((round) => openRoundOf(round).opensAt <= at)
        .sort((a, b) => roundNumber(b) - roundNumber(a));
      const [latest] = usable;
      if (latest === undefined) throw notFound('No open usable OpenMiningRound found.');
      return latest;
    },
    featuredAppRight: (provider: string): CreatedNode | null =>
      contracts.ofParty(refs.featuredAppRight, provider).at(-1) ?? null,
    /** The receiver's preapproval that expires last, if one is still valid. */
    transferPreapproval(receiver: string): CreatedNode | null {
      const at = now();
      const valid = contracts
        .ofParty(refs.transferPreapproval, receiver)
        .filter((preapproval) => expiresAtOf(preapproval) > at)
        .sort((a, b) => expiresAtOf(a).localeCompare(expiresAtOf(b)));
      return valid.at(-1) ?? null;
    },
    /** The active contract `contractId` if it is of `reference`, else null. */
    active(reference: RegistryReference, contractId: string): CreatedNode | null {
      const entry = core.activeContracts.get(contractId);
      return entry !== undefined && isOf(entry.node, reference) ? entry.node : null;
    },
  };
}

const roundNumber = (round: CreatedNode): number => Number(openRoundOf(round).round.number);

export type RegistryLookups = ReturnType<typeof createRegistryLookups>;
