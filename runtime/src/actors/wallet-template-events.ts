import type { CreatedNode } from '@pocketnet/ledger';
import {
  amuletTemplates,
  buyTrafficRequestTemplate,
  choicesOf,
  transferOfferTemplate,
  transferPreapprovalProposalTemplate,
  walletInstall,
} from '../vocabulary/splice-templates.ts';
import { argumentOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { ActorRoute, Step } from './ledger-events.ts';
import { actorEvent as event } from './ledger-values.ts';
import { actorIdOf, onboardingPartyKey } from './machine-catalog.ts';
import type { TrafficPurchaseInput } from './machines/traffic-purchase.machine.ts';
import type { TransferOfferInput } from './machines/transfer-offer.machine.ts';
import type { TransferPreapprovalInput } from './machines/transfer-preapproval.machine.ts';
import type { TemplateEvents } from './splice-template-events.ts';

// The splice-wallet templates: legacy transfer offers, traffic requests, preapproval
// proposals and wallet installs. Payloads are read by their generated types: the engine checked
// every committed value against its template.

const offerChoices = choicesOf.transferOffer;
const acceptedChoices = choicesOf.acceptedTransferOffer;
const trafficChoices = choicesOf.buyTrafficRequest;
const proposalChoices = choicesOf.transferPreapprovalProposal;

function transferOfferCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const offer = payloadOf(transferOfferTemplate, node.createArgument);
  const input = (): TransferOfferInput => ({
    ...step,
    contractId: node.contractId,
    sender: offer.sender,
    receiver: offer.receiver,
    dso: offer.dso,
    amount: offer.amount.amount,
    unit: offer.amount.unit,
    description: offer.description,
    expiresAt: offer.expiresAt,
    trackingId: offer.trackingId,
  });
  const key = node.contractId;
  return [
    {
      kind: 'spawn',
      machine: 'transfer-offer',
      key,
      label: 'offer.created',
      input,
      contractId: key,
    },
  ];
}

export const transferOfferEvents: TemplateEvents = {
  created: transferOfferCreated,
  choices: {
    [offerChoices.TransferOffer_Accept.name]: (node, step) => [
      event('offer.accepted', step, {
        acceptedContractId: resultOf(offerChoices.TransferOffer_Accept, node.exerciseResult)
          .acceptedTransferOffer,
      }),
    ],
    [offerChoices.TransferOffer_Reject.name]: (_node, step) => [
      event('offer.rejected', step, { reason: null }),
    ],
    [offerChoices.TransferOffer_Withdraw.name]: (node, step) => [
      event('offer.withdrawn', step, {
        reason: argumentOf(offerChoices.TransferOffer_Withdraw, node.choiceArgument).reason,
      }),
    ],
    [offerChoices.TransferOffer_Expire.name]: (_node, step) => [event('offer.expired', step)],
  },
  consumed: (_node, step) => [event('offer.withdrawn', step, { reason: 'archived' })],
};

export const acceptedTransferOfferEvents: TemplateEvents = {
  choices: {
    [acceptedChoices.AcceptedTransferOffer_Complete.name]: (node, step) => {
      // The receiver's new amulet: the first output of the completing transfer.
      const { transferResult } = resultOf(
        acceptedChoices.AcceptedTransferOffer_Complete,
        node.exerciseResult,
      );
      const [first] = transferResult.createdAmulets;
      const receiverAmuletContractId = typeof first?.value === 'string' ? first.value : '';
      return [event('offer.completed', step, { receiverAmuletContractId })];
    },
    // The receiver withdrawing its acceptance is a rejection; the sender aborting, a withdrawal.
    [acceptedChoices.AcceptedTransferOffer_Withdraw.name]: (node, step) => [
      event('offer.rejected', step, {
        reason: argumentOf(acceptedChoices.AcceptedTransferOffer_Withdraw, node.choiceArgument)
          .reason,
      }),
    ],
    [acceptedChoices.AcceptedTransferOffer_Abort.name]: (node, step) => [
      event('offer.withdrawn', step, {
        reason: argumentOf(acceptedChoices.AcceptedTransferOffer_Abort, node.choiceArgument).reason,
      }),
    ],
    [acceptedChoices.AcceptedTransferOffer_Expire.name]: (_node, step) => [
      event('offer.expired', step),
    ],
  },
  consumed: (_node, step) => [event('offer.withdrawn', step, { reason: 'archived' })],
};

function buyTrafficRequestCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const request = payloadOf(buyTrafficRequestTemplate, node.createArgument);
  const input = (): TrafficPurchaseInput => ({
    ...step,
    contractId: node.contractId,
    endUserParty: request.endUserParty,
    dso: request.dso,
    expiresAt: request.expiresAt,
    trackingId: request.trackingId,
    trafficAmount: request.trafficAmount,
    memberId: request.memberId,
    synchronizerId: request.synchronizerId,
  });
  const key = node.contractId;
  return [
    {
      kind: 'spawn',
      machine: 'traffic-purchase',
      key,
      label: 'traffic.created',
      input,
      contractId: key,
    },
  ];
}

export const buyTrafficRequestEvents: TemplateEvents = {
  created: buyTrafficRequestCreated,
  choices: {
    [trafficChoices.BuyTrafficRequest_Complete.name]: (node, step) => [
      event('traffic.completed', step, {
        purchasedTrafficContractId: resultOf(
          trafficChoices.BuyTrafficRequest_Complete,
          node.exerciseResult,
        ).purchasedTraffic,
      }),
    ],
    [trafficChoices.BuyTrafficRequest_Cancel.name]: (node, step) => [
      event('traffic.rejected', step, {
        reason: argumentOf(trafficChoices.BuyTrafficRequest_Cancel, node.choiceArgument).reason,
      }),
    ],
    [trafficChoices.BuyTrafficRequest_Expire.name]: (_node, step) => [
      event('traffic.expired', step),
    ],
  },
  consumed: (_node, step) => [event('traffic.rejected', step, { reason: 'archived' })],
};

function preapprovalProposalCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const proposal = payloadOf(transferPreapprovalProposalTemplate, node.createArgument);
  const input = (): TransferPreapprovalInput => ({
    ...step,
    contractId: node.contractId,
    receiver: proposal.receiver,
    provider: proposal.provider,
    dso: proposal.expectedDso ?? null,
    expiresAt: null,
  });
  const key = node.contractId;
  return [
    {
      kind: 'spawn',
      machine: 'transfer-preapproval',
      key,
      label: 'preapproval.proposed',
      input,
      contractId: key,
    },
  ];
}

export const preapprovalProposalEvents: TemplateEvents = {
  created: preapprovalProposalCreated,
  choices: {
    [proposalChoices.TransferPreapprovalProposal_Accept.name]: (node, step) => [
      event('preapproval.accepted', step, {
        preapprovalContractId: resultOf(
          proposalChoices.TransferPreapprovalProposal_Accept,
          node.exerciseResult,
        ).transferPreapprovalCid,
        expiresAt: argumentOf(
          proposalChoices.TransferPreapprovalProposal_Accept,
          node.choiceArgument,
        ).expiresAt,
      }),
    ],
  },
  consumed: (_node, step) => [event('preapproval.cancelled', step)],
};

/** A wallet install names its user: that user's onboarding has its wallet now. */
function walletInstalled(node: CreatedNode, step: Step): ActorRoute[] {
  const install = payloadOf(walletInstall.WalletAppInstall, node.createArgument);
  const party = install.endUserParty;
  const validatorParty = install.validatorParty;
  const target = actorIdOf('user-onboarding', install.endUserName);
  const installed = event('onboarding.walletInstalled', step, {
    party,
    validatorParty,
    installContractId: node.contractId,
  });
  const routes: ActorRoute[] = [{ kind: 'send', target, event: installed }];
  if (party === validatorParty) {
    const completedBy = 'validatorOperator';
    const completed = event('onboarding.completed', step, { completedBy, contractId: null });
    routes.push({ kind: 'send', target, event: completed });
  }
  return routes;
}

export const walletAppInstallEvents: TemplateEvents = { created: walletInstalled };

export const validatorRightEvents: TemplateEvents = {
  created: (node, step) => [
    {
      kind: 'send',
      target: onboardingPartyKey(
        payloadOf(amuletTemplates.ValidatorRight, node.createArgument).user,
      ),
      event: event('onboarding.validatorRightCreated', step, { contractId: node.contractId }),
    },
  ],
};
