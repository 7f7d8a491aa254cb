import type { CreatedNode, ExercisedNode } from '@pocketnet/ledger';
import {
  amuletTemplateIds,
  externalReferences,
  mergeReferences,
  walletReferences,
} from '@pocketnet/splice';
import {
  closedMiningRoundEvents,
  issuingMiningRoundEvents,
  mergeDelegationEvents,
  mergeDelegationProposalEvents,
  openMiningRoundEvents,
  summarizingMiningRoundEvents,
  transferInstructionEvents,
  transferPreapprovalEvents,
} from './amulet-template-events.ts';
import type { ActorEventData, ActorRoute, Step } from './ledger-events.ts';
import {
  acceptedTransferOfferEvents,
  buyTrafficRequestEvents,
  preapprovalProposalEvents,
  transferOfferEvents,
  validatorRightEvents,
  walletAppInstallEvents,
} from './wallet-template-events.ts';

/** What the events of one template mean to the workflows. */
export type TemplateEvents = {
  readonly created?: (node: CreatedNode, step: Step) => ActorRoute[];
  /** Events sent to the actor owning the exercised contract, by choice name. */
  readonly choices?: Readonly<
    Record<string, (node: ExercisedNode, step: Step) => readonly ActorEventData[]>
  >;
  /** Any other consuming choice (a plain `Archive`, an automation's archival). */
  readonly consumed?: (node: ExercisedNode, step: Step) => readonly ActorEventData[];
};

/** `#package:Module:Entity` → `package:Module:Entity`, the key templates are looked up by. */
const keyOf = (reference: string) => reference.slice(1);

export const spliceTemplateEvents: ReadonlyMap<string, TemplateEvents> = new Map([
  [keyOf(walletReferences.transferOffer), transferOfferEvents],
  [keyOf(walletReferences.acceptedTransferOffer), acceptedTransferOfferEvents],
  [keyOf(walletReferences.buyTrafficRequest), buyTrafficRequestEvents],
  [keyOf(walletReferences.transferPreapprovalProposal), preapprovalProposalEvents],
  [keyOf(walletReferences.walletAppInstall), walletAppInstallEvents],
  [keyOf(amuletTemplateIds.validatorRight), validatorRightEvents],
  [keyOf(externalReferences.transferPreapproval), transferPreapprovalEvents],
  [keyOf(externalReferences.amuletTransferInstruction), transferInstructionEvents],
  [keyOf(amuletTemplateIds.openMiningRound), openMiningRoundEvents],
  [keyOf(amuletTemplateIds.summarizingMiningRound), summarizingMiningRoundEvents],
  [keyOf(amuletTemplateIds.issuingMiningRound), issuingMiningRoundEvents],
  [keyOf(amuletTemplateIds.closedMiningRound), closedMiningRoundEvents],
  [keyOf(mergeReferences.mergeDelegationProposal), mergeDelegationProposalEvents],
  [keyOf(mergeReferences.mergeDelegation), mergeDelegationEvents],
]);
