import { fc, test } from '@fast-check/vitest';
import { isDomainError } from '@pocketnet/ledger';
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

  describe('with the adaptive limit', () => {
    type Admission = ReturnType<typeof createSubmissionAdmission>;
    /** `size` commands at once, answered `ms` later (failed: without a result): how many were admitted. */
    const wave = (admission: Admission, size: number, ms: number, failed = false) => {
      const tickets: number[] = [];
      for (let command = 0; command < size; command += 1) {
        try {
          tickets.push(admission.admit());
        } catch (error) {
          if (!isDomainError(error)) throw error;
        }
      }
      vi.advanceTimersByTime(ms);
      for (const ticket of tickets) admission.release(ticket, failed);
      return tickets.length;
    };
    const adaptive = () =>
      createSubmissionAdmission({
        maxInFlight: 64,
        maxQueueMs: 600_000,
        adaptive: { minLimit: 2 },
      });
    const waves = (admission: Admission, count: number, ms: number) => {
      for (let step = 0; step < count; step += 1) wave(admission, admission.limit(), ms);
    };

    test('starts at its floor and grows while commands are answered as fast as alone', () => {
      const admission = adaptive();
      expect(admission.limit()).toBe(2);
      expect(wave(admission, 4, 10)).toBe(2);
      waves(admission, 150, 10);
      expect(admission.limit()).toBeGreaterThan(8);
      expect(wave(admission, 8, 10)).toBe(8);
    });

    test('falls back to its floor once commands wait far longer than alone, and says so', () => {
      const admission = adaptive();
      waves(admission, 150, 10);
      waves(admission, 60, 200);
      expect(admission.limit()).toBe(2);
      admission.admit();
      admission.admit();
      expect(refusal(admission.admit)).toEqual({
        code: 'PARTICIPANT_BACKPRESSURE',
        message: 'The participant is overloaded: 2 commands are in flight; retry later',
      });
    });

    test('learns nothing from commands that failed without a result', () => {
      const admission = adaptive();
      waves(admission, 150, 10);
      const learnt = admission.limit();
      // Refused at once by the engine: were they timed, they would pass for the no-load latency.
      for (let step = 0; step < 100; step += 1) {
        wave(admission, 4, 0.01, true);
        wave(admission, 4, 10);
      }
      expect(admission.limit()).toBeGreaterThanOrEqual(learnt);
    });
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
