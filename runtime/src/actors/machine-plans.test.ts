import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { at, hourLater, minuteLater } from '../../testing/machine.test-helper.ts';
import {
  base,
  eventOf,
  eventTypesOf,
  inputs,
} from '../../testing/machine-arbitraries.test-helper.ts';
import { tortureEventTypes, tortureMachine } from '../../testing/plan-torture.test-helper.ts';
import { bindingOf, machineIds } from './machine-catalog.ts';
import { isPlannable } from './machine-plans.ts';
import { createMachineStepper, type MachineState, type MachineStep } from './machine-stepper.ts';

// Planned steps against XState's own transition: for random event sequences (delayed events
// included, at random times), every step gives the very same state, context (key order
// included), output and effects, and the same "not handled".

const times = fc.constantFrom(at, minuteLater, hourLater);

/** A step as comparable data: JSON keeps the order of keys, toEqual checks the rest. */
const comparable = (step: MachineStep | null) =>
  step === null ? null : { step, json: JSON.stringify(step) };

describe.each(machineIds)('planned steps of the %s machine', (id) => {
  const binding = bindingOf(id);
  if (binding === undefined) throw new Error(`no machine ${id}`);
  const { machine } = binding;
  const events = fc.array(fc.tuple(eventOf(eventTypesOf(machine)), times), { maxLength: 25 });

  test('the machine is within what plans reproduce', () => {
    expect(isPlannable(machine)).toBe(true);
  });

  test.prop([inputs[id], events], { numRuns: 80 })(
    'equal XState’s transitions, step for step',
    (input, sequence) => {
      const planned = createMachineStepper(machine);
      const reference = createMachineStepper(machine, false);
      let kept: MachineState = planned.initial(input);
      expect(reference.initial(input)).toEqual(kept);
      for (const [event, time] of sequence) {
        const sent = { ...base, ...event, at: time } as EventObject;
        const expected = reference.next(kept, sent);
        const actual = planned.next(kept, sent);
        expect(comparable(actual)).toEqual(comparable(expected));
        if (actual !== null) kept = actual;
      }
      expect(reference.counts().planned).toBe(0);
    },
  );
});

describe('plans', () => {
  test('take the steps of live workflows, leaving XState the eventless and final ones', () => {
    const binding = bindingOf('transfer-preapproval');
    if (binding === undefined) throw new Error('no machine');
    const stepper = createMachineStepper(binding.machine);
    const input = {
      at,
      contractId: 'c-1',
      transactionId: 'tx-1',
      receiver: 'bob::1220',
      provider: 'validator::1220',
      dso: null,
      expiresAt: hourLater,
    };
    let kept: MachineState = stepper.initial(input);
    for (let renewal = 0; renewal < 3; renewal++) {
      const renewed = {
        type: 'preapproval.renewed',
        at: minuteLater,
        transactionId: `tx-${renewal}`,
        preapprovalContractId: `c-${renewal + 2}`,
        expiresAt: hourLater,
      };
      kept = stepper.next(kept, renewed) ?? kept;
    }
    expect(kept.state).toBe('open.active.renewed');
    expect(stepper.counts()).toEqual({ planned: 3, xstate: 0 });
    const cancelled = stepper.next(kept, {
      type: 'preapproval.cancelled',
      at: hourLater,
    } as EventObject);
    expect(cancelled?.state).toBe('cancelled');
    expect(stepper.counts()).toEqual({ planned: 3, xstate: 1 });
  });
});

describe('planned steps of a machine with every structure', () => {
  const event = fc.record({
    type: fc.constantFrom(...tortureEventTypes),
    at: times,
    n: fc.integer({ min: 0, max: 3 }),
  });
  let planned = 0;

  test.prop([fc.array(event, { maxLength: 30 })], { numRuns: 300 })(
    'equal XState’s transitions, step for step',
    (sequence) => {
      const stepper = createMachineStepper(tortureMachine);
      const reference = createMachineStepper(tortureMachine, false);
      let kept: MachineState = stepper.initial(undefined);
      expect(reference.initial(undefined)).toEqual(kept);
      for (const sent of sequence) {
        const expected = reference.next(kept, sent);
        expect(comparable(stepper.next(kept, sent))).toEqual(comparable(expected));
        if (expected !== null) kept = expected;
      }
      planned += stepper.counts().planned;
    },
  );

  test('most of which were planned', () => {
    expect(planned).toBeGreaterThan(300);
  });
});
