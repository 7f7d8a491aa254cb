import { type CreatedNode, DomainError, parseTime, undoableMap } from '@pocketnet/ledger';
import { amuletTemplateIds } from '@pocketnet/splice';
import type { DevnetParties } from '../devnet/devnet-parties.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { participantMemberId } from '../scan/network/synchronizer-members.ts';
import {
  externalPartyConfigStateTemplate,
  featuredAppRightTemplate,
  roundTemplates,
} from '../vocabulary/splice-templates.ts';
import type {
  AnyValue,
  ChoiceContext,
  PaymentTransferContext,
} from '../vocabulary/splice-types.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';

const unavailable = (message: string) => new DomainError('UNAVAILABLE', message);

/** The round of a mining round contract (any phase: all carry `round`). */
const roundOf = (round: CreatedNode) =>
  payloadOf(roundTemplates.OpenMiningRound, round.createArgument).round;
const roundNumberOf = (round: CreatedNode) => BigInt(roundOf(round).number);

/**
 * What every wallet command needs from the network: the DSO and the operator, AmuletRules,
 * the rounds that are open now, and the contexts Splice's choices take, all read from the
 * node's projections.
 */
export function createNetworkContext(deps: {
  readonly core: PocketnetNodeCore;
  readonly contracts: WalletContracts;
}) {
  const { core, contracts } = deps;
  // Resolved by the packages uploaded, which a rollback may take back.
  const templateIds = undoableMap<string, string>(core.undo);
  const active = (reference: string) => {
    let templateId = templateIds.get(reference);
    if (templateId === undefined) {
      templateId = core.packages.resolveTemplate(reference).templateId;
      templateIds.set(reference, templateId);
    }
    return core.watched.active(templateId);
  };
  const parties = (): DevnetParties => {
    const known = core.devnetParties();
    if (!known) throw unavailable('This node runs no network: the wallet needs a devnet');
    return known;
  };
  const opened = (reference: string) => {
    const now = core.clock.nowMicros();
    return active(reference)
      .filter((round) => {
        const opensAt = payloadOf(roundTemplates.OpenMiningRound, round.createArgument).opensAt;
        return (parseTime(opensAt) ?? now + 1n) <= now;
      })
      .sort((a, b) => (roundNumberOf(a) < roundNumberOf(b) ? -1 : 1));
  };
  const amuletRules = (): CreatedNode => {
    const [rules] = active(amuletTemplateIds.amuletRules);
    if (!rules) throw unavailable('The network has no AmuletRules yet');
    return rules;
  };
  const openRound = (): CreatedNode => {
    const latest = opened(amuletTemplateIds.openMiningRound).at(-1);
    if (!latest) throw unavailable('No open mining round has opened yet');
    return latest;
  };
  const featuredAppRightOf = (provider: string): string | null =>
    contracts
      .of(provider, 'featuredAppRight')
      .find(
        (right) =>
          payloadOf(featuredAppRightTemplate, right.node.createArgument).provider === provider,
      )?.node.contractId ?? null;

  return {
    dso: () => parties().dso,
    operator: () => parties().validatorOperator,
    synchronizerId: () => core.identity.synchronizerId,
    participantId: () => core.identity.participantId,
    /** This participant as a synchronizer member (`PAR::…`), as traffic contracts name it. */
    memberId: () => participantMemberId(core.identity.participantId),
    now: () => core.clock.nowMicros(),
    amuletRules,
    openRound,
    roundNumberOf,
    featuredAppRightOf,
    /** The TransferFactory (ExternalPartyAmuletRules) of the network. */
    transferFactory(): string {
      const [factory] = contracts.of(parties().dso, 'transferFactory');
      if (!factory) throw unavailable('The network has no ExternalPartyAmuletRules yet');
      return factory.node.contractId;
    },
    /**
     * The round token-standard transfers date their amulets and charge holding fees at: the
     * newest ExternalPartyConfigState's holdingFeesOpenRoundNumber (splice-amulet 0.1.20), the
     * open round's number while there is none.
     */
    holdingFeesRound(): bigint {
      const state = active(amuletTemplateIds.externalPartyConfigState).at(-1);
      if (state === undefined) return roundNumberOf(openRound());
      const config = payloadOf(externalPartyConfigStateTemplate, state.createArgument);
      return BigInt(config.holdingFeesOpenRoundNumber.number);
    },
    /** Splice's PaymentTransferContext: AmuletRules and the TransferContext of this round. */
    paymentContext(options: { featuredAppRight?: string | null } = {}): PaymentTransferContext {
      const issuing = opened(amuletTemplateIds.issuingMiningRound).map(
        (round) => [roundOf(round), round.contractId] as const,
      );
      return {
        amuletRules: amuletRules().contractId,
        context: {
          openMiningRound: openRound().contractId,
          issuingMiningRounds: issuing,
          validatorRights: [],
          featuredAppRight: options.featuredAppRight ?? null,
        },
      };
    },
    /**
     * The registry's choice context for amulet transfers, as Scan's gives it (AmuletRules, the
     * open round, the newest ExternalPartyConfigState), plus the given entries.
     */
    choiceContext(extra: Readonly<Record<string, AnyValue>> = {}): ChoiceContext {
      const configState = active(amuletTemplateIds.externalPartyConfigState).at(-1);
      return {
        values: {
          'amulet-rules': { tag: 'AV_ContractId', value: amuletRules().contractId },
          'open-round': { tag: 'AV_ContractId', value: openRound().contractId },
          ...(configState === undefined
            ? {}
            : {
                'external-party-config-state': {
                  tag: 'AV_ContractId',
                  value: configState.contractId,
                },
              }),
          ...extra,
        },
      };
    },
  };
}

export type NetworkContext = ReturnType<typeof createNetworkContext>;
