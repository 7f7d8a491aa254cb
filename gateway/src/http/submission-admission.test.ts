import { fc, test } from '@fast-check/vitest';
import { isDomainError } from '@pocketnet/runtime';
import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createSubmissionAdmission } from './submission-admission.ts';

const refusal = (admit: () => number) => {
  try {
    admit();
    return null;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { code: error.code, message: error.message };
  }
};

describe('submission admission', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('refuses the command beyond the in-flight limit and admits again once one is released', () => {
    const admission = createSubmissionAdmission({ maxInFlight: 2, maxQueueMs: 1000 });
    const first = admission.admit();
    admission.admit();
    expect(refusal(admission.admit)).toEqual({
      code: 'PARTICIPANT_BACKPRESSURE',
      message: 'The participant is overloaded: 2 commands are in flight; retry later',
    });
    expect(admission.inFlight()).toBe(2);
    admission.release(first);
    expect(admission.inFlight()).toBe(1);
    expect(refusal(admission.admit)).toBeNull();
  });

  test('refuses while the oldest command in flight has not been committed for the queue limit', () => {
    const admission = createSubmissionAdmission({ maxInFlight: 100, maxQueueMs: 100 });
    const oldest = admission.admit();
    vi.advanceTimersByTime(60);
    const younger = admission.admit();
    // Younger ones come and go; the oldest stays.
    admission.release(admission.admit());
    vi.advanceTimersByTime(90);
    expect(refusal(admission.admit)).toEqual({
      code: 'PARTICIPANT_BACKPRESSURE',
      message:
        'The participant is overloaded: the oldest command in flight has waited over 100 ms to be committed; retry later',
    });
    // The oldest is answered: the pipeline moves, and commands are admitted at once.
    admission.release(oldest);
    expect(refusal(admission.admit)).toBeNull();
    admission.release(younger);
  });

  test('admits a steady stream whose oldest command keeps moving', () => {
    const admission = createSubmissionAdmission({ maxInFlight: 100, maxQueueMs: 100 });
    let previous = admission.admit();
    for (let step = 0; step < 50; step += 1) {
      vi.advanceTimersByTime(20);
      const ticket = admission.admit();
      admission.release(previous);
      previous = ticket;
    }
    expect(admission.inFlight()).toBe(1);
  });

  test('stops watching once nothing is in flight', () => {
    const admission = createSubmissionAdmission({ maxInFlight: 4, maxQueueMs: 100 });
    admission.release(admission.admit());
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(25);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('ignores a ticket released twice or never handed out', () => {
    const admission = createSubmissionAdmission({ maxInFlight: 4, maxQueueMs: 1000 });
    const ticket = admission.admit();
    admission.release(ticket);
    admission.release(ticket);
    admission.release(99);
    expect(admission.inFlight()).toBe(0);
  });

  test.prop([
    fc.integer({ min: 1, max: 8 }),
    fc.array(fc.oneof(fc.constant('admit' as const), fc.nat(20)), { maxLength: 300 }),
  ])(
    'keeps in flight exactly the admitted and unreleased commands, never beyond the limit',
    (maxInFlight, steps) => {
      const admission = createSubmissionAdmission({ maxInFlight, maxQueueMs: 1000 });
      const live = new Set<number>();
      let admitted = 0;
      for (const step of steps) {
        if (step === 'admit') {
          // The ring holds 64 tickets for these limits: a command that old counts as stuck.
          const span = admitted - Math.min(...live);
          const expectRefusal = live.size >= maxInFlight || (live.size > 0 && span >= 64);
          const outcome = refusal(() => {
            const ticket = admission.admit();
            live.add(ticket);
            admitted += 1;
            return ticket;
          });
          expect(outcome === null).toBe(!expectRefusal);
        } else {
          const ticket = [...live][step % Math.max(1, live.size)];
          if (ticket !== undefined) {
            admission.release(ticket);
            live.delete(ticket);
          }
        }
        expect(admission.inFlight()).toBe(live.size);
      }
    },
  );
});
