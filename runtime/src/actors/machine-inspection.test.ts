import { describe, expect, it } from 'vitest';
import { bindingOf, machineBindings } from './machine-catalog.ts';
import { describeMachine, describeMachineInfo } from './machine-inspection.ts';

const described = (id: string) => {
  const binding = bindingOf(id);
  if (binding === undefined) throw new Error(`no machine ${id}`);
  return describeMachine(binding);
};

describe('machine inspection', () => {
  it('lists every machine with its states, initial state and final states', () => {
    expect(machineBindings.map(describeMachineInfo)).toContainEqual({
      id: 'transfer-offer',
      description: expect.stringContaining('transfer offer'),
      states: [
        'open',
        'open.created',
        'open.accepted',
        'completed',
        'rejected',
        'withdrawn',
        'expired',
      ],
      initial: 'open',
      finalStates: ['completed', 'rejected', 'withdrawn', 'expired'],
    });
    expect(machineBindings.map((binding) => binding.id)).toEqual([
      'transfer-offer',
      'transfer-instruction',
      'transfer-preapproval',
      'merge-delegation',
      'traffic-purchase',
      'mining-round',
      'user-onboarding',
    ]);
  });

  it('gives each transition with its event, delayed and eventless ones labelled', () => {
    const offer = described('transfer-offer');
    expect(offer.transitions).toContainEqual({
      from: 'open.created',
      to: 'open.accepted',
      event: 'offer.accepted',
      label: 'offer.accepted',
      kind: 'event',
    });
    expect(offer.transitions).toContainEqual({
      from: 'open',
      to: 'expired',
      event: 'xstate.after.expiry.transfer-offer.open',
      label: 'after expiry',
      kind: 'after',
    });
    const preapproval = described('transfer-preapproval');
    expect(preapproval.states).toEqual([
      'open',
      'open.proposed',
      'open.active',
      'open.active.paid',
      'open.active.renewed',
      'expired',
      'cancelled',
    ]);
    expect(preapproval.transitions).toContainEqual(
      expect.objectContaining({
        from: 'open.proposed',
        to: 'open.active',
        label: 'always [isCreatedDirectly]',
      }),
    );
    expect(preapproval.stateDescriptions['open.active.renewed']).toMatch(/renewed/i);
  });

  it('draws a Mermaid stateDiagram-v2 with initial, nested and final states', () => {
    const { mermaid } = described('transfer-preapproval');
    expect(mermaid.split('\n').slice(0, 2)).toEqual(['stateDiagram-v2', '  [*] --> open']);
    expect(mermaid).toContain('  state open {\n    [*] --> open_proposed\n');
    expect(mermaid).toContain('    state open_active {\n      [*] --> open_active_paid\n');
    expect(mermaid).toContain('  open_active --> open_active_renewed : preapproval.renewed\n');
    expect(mermaid).toContain('  expired --> [*]\n');
    expect(mermaid).toContain('  cancelled --> [*]\n');
  });

  it('gives the definition as JSON, without functions', () => {
    const { definition } = described('mining-round');
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    expect(definition).toMatchObject({
      id: 'mining-round',
      states: { open: { on: { 'round.summarizing': [expect.anything()] } } },
    });
  });
});
