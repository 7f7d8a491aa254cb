import { describe, expect, it } from 'vitest';
import { at, send, start, stateValueOf } from '../../../testing/machine.test-helper.ts';
import { userOnboardingMachine as machine } from './user-onboarding.machine.ts';

const input = { at, userId: 'alice', identityProviderId: '' };
const step = { at, transactionId: 'tx' };
const installed = (party: string, validatorParty: string) => ({
  type: 'onboarding.walletInstalled' as const,
  ...step,
  party,
  validatorParty,
  installContractId: 'install-1',
});

describe('the user-onboarding machine', () => {
  it('walks requested, party allocated, wallet installed and onboarded', () => {
    let onboarding = start(machine, input);
    expect(stateValueOf(onboarding)).toEqual({ open: 'requested' });
    expect(onboarding.snapshot.context.parties).toEqual([]);
    onboarding = send(machine, onboarding, {
      type: 'onboarding.partyAllocated',
      ...step,
      party: 'alice::1220',
    });
    expect(stateValueOf(onboarding)).toEqual({ open: 'partyAllocated' });
    onboarding = send(machine, onboarding, installed('alice::1220', 'validator::1220'));
    expect(stateValueOf(onboarding)).toBe('walletInstalled');
    expect(onboarding.snapshot.context.parties).toEqual(['alice::1220', 'validator::1220']);
    onboarding = send(machine, onboarding, {
      type: 'onboarding.validatorRightCreated',
      ...step,
      contractId: 'right-1',
    });
    expect(stateValueOf(onboarding)).toBe('walletInstalled');
    onboarding = send(machine, onboarding, {
      type: 'onboarding.completed',
      ...step,
      completedBy: 'mergeDelegationProposal',
      contractId: 'proposal-1',
    });
    expect(stateValueOf(onboarding)).toBe('onboarded');
    expect(onboarding.snapshot.output).toEqual({
      userId: 'alice',
      party: 'alice::1220',
      completedBy: 'mergeDelegationProposal',
    });
    expect(onboarding.snapshot.context.contractIds).toEqual(['install-1', 'right-1', 'proposal-1']);
  });

  it('is not onboarded before its wallet is installed', () => {
    const early = send(machine, start(machine, input), {
      type: 'onboarding.completed',
      ...step,
      completedBy: 'mergeDelegationProposal',
      contractId: 'proposal-1',
    });
    expect(stateValueOf(early)).toEqual({ open: 'requested' });
  });

  it('takes a wallet installed for a user whose party came with the user', () => {
    const installedStep = send(machine, start(machine, input), installed('alice::1220', 'v::1220'));
    expect(stateValueOf(installedStep)).toBe('walletInstalled');
    expect(installedStep.snapshot.context.party).toBe('alice::1220');
  });
});
