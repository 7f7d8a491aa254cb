import { fc } from '@fast-check/vitest';
import type { AnyStateMachine } from 'xstate';
import type { MachineId } from '../src/actors/machine-catalog.ts';
import { stateNodesOf } from '../src/actors/machine-inspection.ts';
import { at, hourLater } from './machine.test-helper.ts';

// Random inputs of every machine and random events of the types its states react to, for the
// property tests.

const party = fc.constantFrom('alice::1220', 'bob::1220', 'validator::1220');
const contractId = fc.stringMatching(/^00[0-9a-f]{6}$/);
export const base = { at, transactionId: 'tx-0' };

export const inputs: Record<MachineId, fc.Arbitrary<unknown>> = {
  'transfer-offer': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    sender: party,
    receiver: party,
    dso: fc.constant('DSO::1220'),
    amount: fc.constant('1.0000000000'),
    unit: fc.constant('AmuletUnit'),
    description: fc.string(),
    expiresAt: fc.constant(hourLater),
    trackingId: fc.string(),
  }),
  'transfer-instruction': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    sender: party,
    receiver: party,
    admin: fc.constant('DSO::1220'),
    instrumentId: fc.constant('Amulet'),
    amount: fc.constant('1.0000000000'),
    requestedAt: fc.constant(at),
    executeBefore: fc.constant(hourLater),
    lockedAmuletContractId: contractId,
  }),
  'transfer-preapproval': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    receiver: party,
    provider: party,
    dso: fc.option(party),
    expiresAt: fc.option(fc.constant(hourLater)),
  }),
  'merge-delegation': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    owner: party,
    operator: party,
    startsWith: fc.constantFrom('proposal', 'delegation'),
  }),
  'traffic-purchase': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    endUserParty: party,
    dso: fc.constant('DSO::1220'),
    expiresAt: fc.constant(hourLater),
    trackingId: fc.string(),
    trafficAmount: fc.constant('1000'),
    memberId: fc.constant('PAR::p::1220'),
    synchronizerId: fc.constant('global::1220'),
  }),
  'mining-round': fc.record({
    at: fc.constant(at),
    contractId,
    transactionId: fc.constant('tx'),
    round: fc.nat().map(String),
    dso: fc.constant('DSO::1220'),
    opensAt: fc.constant(at),
    targetClosesAt: fc.constant(hourLater),
    amuletPrice: fc.constant('0.0050000000'),
  }),
  'user-onboarding': fc.record({
    at: fc.constant(at),
    userId: fc.string({ minLength: 1 }),
    identityProviderId: fc.constant(''),
  }),
};

/** Every event type a machine's states react to, delayed ones included. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>(machine.root.transitions.keys());
  for (const node of stateNodesOf(machine))
    for (const type of node.transitions.keys()) types.add(type);
  return [...types];
}

/** An event of the given type carrying every field any machine reads, with random values. */
export const eventOf = (types: readonly string[]) =>
  fc.record({
    type: fc.constantFrom(...types),
    acceptedContractId: contractId,
    receiverAmuletContractId: contractId,
    preapprovalContractId: contractId,
    delegationContractId: contractId,
    purchasedTrafficContractId: contractId,
    installContractId: contractId,
    contractId,
    party,
    validatorParty: party,
    reason: fc.option(fc.string()),
    expiresAt: fc.constantFrom(at, hourLater, '2026-01-02T00:00:00.000000Z'),
    completedBy: fc.constantFrom('mergeDelegationProposal', 'validatorOperator'),
    receiverHoldingContractIds: fc.array(contractId, { maxLength: 3 }),
    returnedHoldingContractIds: fc.array(contractId, { maxLength: 3 }),
  });
