import type { CreatedNode, ExercisedNode, Value } from '@pocketnet/ledger';
import type { ActorRoute, Step } from './ledger-events.ts';
import { actorEvent as event, optionalTextAt, textAt, valueAt } from './ledger-values.ts';
import { actorIdOf, onboardingPartyKey } from './machine-catalog.ts';
import type { TrafficPurchaseInput } from './machines/traffic-purchase.machine.ts';
import type { TransferOfferInput } from './machines/transfer-offer.machine.ts';
import type { TransferPreapprovalInput } from './machines/transfer-preapproval.machine.ts';
import type { TemplateEvents } from './splice-template-events.ts';

// The splice-wallet templates: legacy transfer offers, traffic requests, preapproval
// proposals and wallet installs.

const reasonOf = (node: ExercisedNode) => optionalTextAt(node.choiceArgument, 'reason');

/** The receiver's new amulet: the first output of the completing transfer. */
function receiverAmulet(result: Value): string {
  const created = valueAt(result, ['transferResult', 'createdAmulets']);
  const first = Array.isArray(created) ? (created[0] ?? null) : null;
  return textAt(first, 'value');
}

function transferOfferCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const offer = node.createArgument;
  const input = (): TransferOfferInput => ({
    ...step,
    contractId: node.contractId,
    sender: textAt(offer, 'sender'),
    receiver: textAt(offer, 'receiver'),
    dso: textAt(offer, 'dso'),
    amount: textAt(offer, 'amount', 'amount'),
    unit: textAt(offer, 'amount', 'unit'),
    description: textAt(offer, 'description'),
    expiresAt: textAt(offer, 'expiresAt'),
    trackingId: textAt(offer, 'trackingId'),
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
    TransferOffer_Accept: (node, step) => [
      event('offer.accepted', step, {
        acceptedContractId: textAt(node.exerciseResult, 'acceptedTransferOffer'),
      }),
    ],
    TransferOffer_Reject: (_node, step) => [event('offer.rejected', step, { reason: null })],
    TransferOffer_Withdraw: (node, step) => [
      event('offer.withdrawn', step, { reason: reasonOf(node) }),
    ],
    TransferOffer_Expire: (_node, step) => [event('offer.expired', step)],
  },
  consumed: (_node, step) => [event('offer.withdrawn', step, { reason: 'archived' })],
};

export const acceptedTransferOfferEvents: TemplateEvents = {
  choices: {
    AcceptedTransferOffer_Complete: (node, step) => [
      event('offer.completed', step, {
        receiverAmuletContractId: receiverAmulet(node.exerciseResult),
      }),
    ],
    // The receiver withdrawing its acceptance is a rejection; the sender aborting, a withdrawal.
    AcceptedTransferOffer_Withdraw: (node, step) => [
      event('offer.rejected', step, { reason: reasonOf(node) }),
    ],
    AcceptedTransferOffer_Abort: (node, step) => [
      event('offer.withdrawn', step, { reason: reasonOf(node) }),
    ],
    AcceptedTransferOffer_Expire: (_node, step) => [event('offer.expired', step)],
  },
  consumed: (_node, step) => [event('offer.withdrawn', step, { reason: 'archived' })],
};

function buyTrafficRequestCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const request = node.createArgument;
  const input = (): TrafficPurchaseInput => ({
    ...step,
    contractId: node.contractId,
    endUserParty: textAt(request, 'endUserParty'),
    dso: textAt(request, 'dso'),
    expiresAt: textAt(request, 'expiresAt'),
    trackingId: textAt(request, 'trackingId'),
    trafficAmount: textAt(request, 'trafficAmount'),
    memberId: textAt(request, 'memberId'),
    synchronizerId: textAt(request, 'synchronizerId'),
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
    BuyTrafficRequest_Complete: (node, step) => [
      event('traffic.completed', step, {
        purchasedTrafficContractId: textAt(node.exerciseResult, 'purchasedTraffic'),
      }),
    ],
    BuyTrafficRequest_Cancel: (node, step) => [
      event('traffic.rejected', step, { reason: reasonOf(node) }),
    ],
    BuyTrafficRequest_Expire: (_node, step) => [event('traffic.expired', step)],
  },
  consumed: (_node, step) => [event('traffic.rejected', step, { reason: 'archived' })],
};

function preapprovalProposalCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const proposal = node.createArgument;
  const input = (): TransferPreapprovalInput => ({
    ...step,
    contractId: node.contractId,
    receiver: textAt(proposal, 'receiver'),
    provider: textAt(proposal, 'provider'),
    dso: optionalTextAt(proposal, 'expectedDso'),
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
    TransferPreapprovalProposal_Accept: (node, step) => [
      event('preapproval.accepted', step, {
        preapprovalContractId: textAt(node.exerciseResult, 'transferPreapprovalCid'),
        expiresAt: textAt(node.choiceArgument, 'expiresAt'),
      }),
    ],
  },
  consumed: (_node, step) => [event('preapproval.cancelled', step)],
};

/** A wallet install names its user: that user's onboarding has its wallet now. */
function walletInstalled(node: CreatedNode, step: Step): ActorRoute[] {
  const install = node.createArgument;
  const party = textAt(install, 'endUserParty');
  const validatorParty = textAt(install, 'validatorParty');
  const target = actorIdOf('user-onboarding', textAt(install, 'endUserName'));
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
      target: onboardingPartyKey(textAt(node.createArgument, 'user')),
      event: event('onboarding.validatorRightCreated', step, { contractId: node.contractId }),
    },
  ],
};
