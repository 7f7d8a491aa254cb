import type { AnyStateMachine } from 'xstate';
import { mergeDelegationMachine } from './machines/merge-delegation.machine.ts';
import { miningRoundMachine } from './machines/mining-round.machine.ts';
import { trafficPurchaseMachine } from './machines/traffic-purchase.machine.ts';
import { transferInstructionMachine } from './machines/transfer-instruction.machine.ts';
import { transferOfferMachine } from './machines/transfer-offer.machine.ts';
import { transferPreapprovalMachine } from './machines/transfer-preapproval.machine.ts';
import { userOnboardingMachine } from './machines/user-onboarding.machine.ts';

export const machineIds = [
  'transfer-offer',
  'transfer-instruction',
  'transfer-preapproval',
  'merge-delegation',
  'traffic-purchase',
  'mining-round',
  'user-onboarding',
] as const;

export type MachineId = (typeof machineIds)[number];

/** What the registry needs to know of a machine beyond the machine itself. */
export type MachineBinding = {
  readonly id: MachineId;
  readonly machine: AnyStateMachine;
  /** Every authenticated caller sees these actors (network-wide facts such as rounds). */
  readonly public: boolean;
  /** Extra keys, besides contract ids, that ledger events address the actor by (null: none). */
  readonly routingKeys: ((context: WorkflowContext) => readonly string[]) | null;
  trackingId(context: WorkflowContext): string | null;
};

/** The part of every machine's context the registry reads: who and which contracts. */
export type WorkflowContext = {
  readonly parties: readonly string[];
  readonly contractIds: readonly string[];
  readonly trackingId?: string;
  readonly userId?: string;
  readonly party?: string | null;
};

/** The key a user's onboarding is addressed by once its party is known. */
export const onboardingPartyKey = (party: string) => `user-onboarding@${party}`;

const noTrackingId = () => null;
const trackingIdOf = (context: WorkflowContext) => context.trackingId ?? null;

export const machineBindings: readonly MachineBinding[] = [
  {
    id: 'transfer-offer',
    machine: transferOfferMachine,
    public: false,
    routingKeys: null,
    trackingId: trackingIdOf,
  },
  {
    id: 'transfer-instruction',
    machine: transferInstructionMachine,
    public: false,
    routingKeys: null,
    trackingId: noTrackingId,
  },
  {
    id: 'transfer-preapproval',
    machine: transferPreapprovalMachine,
    public: false,
    routingKeys: null,
    trackingId: noTrackingId,
  },
  {
    id: 'merge-delegation',
    machine: mergeDelegationMachine,
    public: false,
    routingKeys: null,
    trackingId: noTrackingId,
  },
  {
    id: 'traffic-purchase',
    machine: trafficPurchaseMachine,
    public: false,
    routingKeys: null,
    trackingId: trackingIdOf,
  },
  {
    id: 'mining-round',
    machine: miningRoundMachine,
    public: true,
    routingKeys: null,
    trackingId: noTrackingId,
  },
  {
    id: 'user-onboarding',
    machine: userOnboardingMachine,
    public: false,
    routingKeys: (context) => (context.party ? [onboardingPartyKey(context.party)] : []),
    trackingId: noTrackingId,
  },
];

const bindingsById: ReadonlyMap<string, MachineBinding> = new Map(
  machineBindings.map((binding) => [binding.id, binding]),
);

export function bindingOf(id: string): MachineBinding | undefined {
  return bindingsById.get(id);
}

const idPrefixes = Object.fromEntries(machineIds.map((id) => [id, `${id}:`])) as Record<
  MachineId,
  string
>;

/** Actor ids: `<machine>:<key>`, where the key is the first contract id, a round or a user. */
export const actorIdOf = (machine: MachineId, key: string) => idPrefixes[machine] + key;
