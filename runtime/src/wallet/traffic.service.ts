import { DomainError, formatTime, type ParticipantState } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import {
  amuletRulesTemplate,
  buyTrafficRequestTemplate,
  topUpStateTemplate,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import { payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import {
  type BuyTrafficRequestStatus,
  buyTrafficRequestStatusOf,
  type TrackingActors,
} from './tracking-status.ts';
import type { WalletAccess } from './wallet-access.ts';
import type { WalletActions } from './wallet-batch.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import { rootResult } from './wallet-submitter.ts';
import { firstOutcome } from './wallet-treasury.ts';

export type CreateBuyTrafficRequest = {
  readonly receivingValidatorParty: string;
  readonly synchronizerId: string;
  readonly trafficAmount: bigint;
  readonly trackingId: string;
  readonly expiresAtMicros: bigint;
};

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/**
 * Traffic purchases: a user asks its wallet to buy traffic for the validator hosting any party
 * (a BuyTrafficRequest, tracked by its id), and the wallet automation completes it with the
 * user's amulet; the operator's own top-up buys directly.
 */
export function createTraffic(deps: {
  readonly participant: ParticipantState;
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
  readonly actors: () => TrackingActors | undefined;
}) {
  const { contracts, network, access, actions } = deps;
  const actors = (): TrackingActors => {
    const found = deps.actors();
    if (!found) throw new DomainError('UNAVAILABLE', 'The workflow actors are not running');
    return found;
  };
  /** The sequencer member that hosts `party`: this participant, for a party it hosts. */
  const memberHosting = (party: string, synchronizerId: string): string => {
    const hosted = deps.participant.parties.get(party)?.isLocal === true;
    if (synchronizerId !== network.synchronizerId() || !hosted) {
      throw invalid(`Could not find participant hosting ${party} on domain ${synchronizerId}`);
    }
    return network.memberId();
  };
  /** AmuletConfig's smallest purchase: a smaller one would fail every completion. */
  const requireMinimumTopup = (bytes: bigint) => {
    const rules = payloadOf(amuletRulesTemplate, network.amuletRules().createArgument);
    const { fees } = rules.configSchedule.initialValue.decentralizedSynchronizer;
    const minimum = BigInt(String(fees.minTopupAmount ?? '0'));
    if (bytes < minimum) {
      throw invalid(
        `The requested traffic_amount (${bytes} bytes) is below the network's minimum top-up amount (${minimum} bytes). Please increase the amount.`,
      );
    }
  };
  const requestOf = (contractId: string) => {
    const request = contracts.get(contractId);
    if (request?.kind !== 'buyTrafficRequest') {
      throw new DomainError('CONTRACT_NOT_FOUND', `No buy traffic request ${contractId}`);
    }
    return {
      request,
      wallet: access.walletOfParty(
        payloadOf(buyTrafficRequestTemplate, request.node.createArgument).endUserParty,
      ),
    };
  };

  const service = {
    /** `POST /v0/wallet/buy-traffic-requests`; a tracking id used before is refused (409). */
    async create(caller: Caller, request: CreateBuyTrafficRequest) {
      const wallet = access.walletOf(caller);
      if (request.trafficAmount <= 0n) throw invalid('trafficAmount must be positive');
      requireMinimumTopup(request.trafficAmount);
      const memberId = memberHosting(request.receivingValidatorParty, request.synchronizerId);
      if (actors().findByTrackingId(caller, 'traffic-purchase', request.trackingId)) {
        throw new DomainError(
          'DUPLICATE_COMMAND',
          `Buy traffic request with trackingId ${request.trackingId} already exists.`,
        );
      }
      const record = await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_CreateBuyTrafficRequest,
        {
          memberId,
          synchronizerId: request.synchronizerId,
          migrationId: '0',
          trafficAmount: request.trafficAmount.toString(),
          expiresAt: formatTime(request.expiresAtMicros),
          trackingId: request.trackingId,
        },
        `createBuyTrafficRequest:${request.receivingValidatorParty}:${wallet.party}:${request.trackingId}`,
      );
      const result = resultOf(
        walletInstallChoices.WalletAppInstall_CreateBuyTrafficRequest,
        rootResult(record),
      );
      return { requestContractId: String(result.buyTrafficRequest) };
    },
    status(caller: Caller, trackingId: string): BuyTrafficRequestStatus | undefined {
      access.walletOf(caller);
      const detail = actors().findByTrackingId(caller, 'traffic-purchase', trackingId);
      return detail ? buyTrafficRequestStatusOf(detail) : undefined;
    },
    /** The wallet automation buys the requested traffic with the requester's amulet. */
    async complete(requestContractId: string) {
      const { wallet } = requestOf(requestContractId);
      const { record, outcomes } = await actions.executeBatch(wallet, [
        { tag: 'CO_CompleteBuyTrafficRequest', value: { trafficRequestCid: requestContractId } },
      ]);
      const bought = firstOutcome(outcomes, 'COO_CompleteBuyTrafficRequest');
      return { record, memberTraffic: String(bought?.value._1 ?? null) };
    },
    /** The wallet automation gives a request up (say, for lack of funds). */
    async cancel(requestContractId: string, reason: string) {
      const { wallet } = requestOf(requestContractId);
      return actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_BuyTrafficRequest_Cancel,
        {
          requestCid: requestContractId,
          reason,
        },
      );
    },
    async expire(requestContractId: string) {
      const { wallet } = requestOf(requestContractId);
      return actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_BuyTrafficRequest_Expire,
        {
          requestCid: requestContractId,
        },
      );
    },
    /**
     * The operator's top-up: buys `trafficAmount` bytes for this participant with the
     * operator's amulet, no sooner than `minTopupIntervalMicros` after the last one.
     */
    async topUpOperator(request: { trafficAmount: bigint; minTopupIntervalMicros: bigint }) {
      const operator = network.operator();
      const memberId = network.memberId();
      const state = contracts
        .of(operator, 'topUpState')
        .find(
          (found) => payloadOf(topUpStateTemplate, found.node.createArgument).memberId === memberId,
        );
      const { record, outcomes } = await actions.executeBatch(access.walletOfParty(operator), [
        {
          tag: 'CO_BuyMemberTraffic',
          value: {
            trafficAmount: request.trafficAmount.toString(),
            memberId,
            synchronizerId: network.synchronizerId(),
            migrationId: '0',
            minTopupInterval: { microseconds: request.minTopupIntervalMicros.toString() },
            topupStateCid: state?.node.contractId ?? null,
          },
        },
      ]);
      return { record, memberTraffic: String(outcomes[0]?.value) };
    },
  };
  return service satisfies Traffic;
}

export interface Traffic {
  /** `POST /v0/wallet/buy-traffic-requests`; a tracking id used before is refused (409). */
  create(
    caller: Caller,
    request: CreateBuyTrafficRequest,
  ): Promise<{
    requestContractId: string;
  }>;
  status(caller: Caller, trackingId: string): BuyTrafficRequestStatus | undefined;
}
