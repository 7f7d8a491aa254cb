import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { send, start } from '../../../testing/machine.test-helper.ts';
import {
  base,
  eventOf,
  eventTypesOf,
  inputs,
} from '../../../testing/machine-arbitraries.test-helper.ts';
import { bindingOf, machineIds } from '../machine-catalog.ts';
import { describeMachineInfo } from '../machine-inspection.ts';
import { stateOf } from '../machine-stepper.ts';

// Random sequences of every event a machine knows (its delayed events included), with random
// payloads: a machine never reaches a state it does not declare, and never leaves a final one.

describe.each(machineIds)('the %s machine under random events', (id) => {
  const binding = bindingOf(id);
  if (binding === undefined) throw new Error(`no machine ${id}`);
  const { machine } = binding;
  const declared = new Set(describeMachineInfo(binding).states);
  const finals = new Set(describeMachineInfo(binding).finalStates);
  const events = fc.array(eventOf(eventTypesOf(machine)), { maxLength: 25 });

  test.prop([inputs[id], events], { numRuns: 60 })(
    'stays in declared states and never leaves a final one',
    (input, sequence) => {
      let step = start(machine, input);
      let done: AnyMachineSnapshot | null = null;
      for (const event of sequence) {
        step = send(machine, step, { ...base, ...event });
        const state = stateOf(step.snapshot);
        expect(declared.has(state)).toBe(true);
        if (done !== null) {
          expect(step.snapshot.status).toBe('done');
          expect(stateOf(step.snapshot)).toBe(stateOf(done));
        } else if (step.snapshot.status === 'done') {
          expect(finals.has(state)).toBe(true);
          done = step.snapshot;
        }
      }
    },
  );
});
