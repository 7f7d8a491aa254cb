import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createAdaptiveLimit, createInFlightLimit } from './adaptive-limit.ts';

type Limit = ReturnType<typeof createAdaptiveLimit>;

/**
 * Feeds `windows` windows of 16 latencies, each as `latency` gives it for the commands in
 * flight: the whole limit (a saturated node) unless `inFlight` says otherwise.
 */
function feed(
  limit: Limit,
  windows: number,
  latency: (inFlight: number) => number,
  inFlight: (limit: number) => number = (current) => current,
) {
  for (let window = 0; window < windows; window += 1) {
    const commands = inFlight(limit.current());
    for (let sample = 0; sample < 16; sample += 1) limit.observe(latency(commands), commands);
  }
}

/** A node with one command in flight at a time: its latency is the no-load latency. */
const alone = () => 1;

/**
 * A single writer as Little's law has it: it commits `perMs` commands a millisecond at most,
 * and a command takes `serviceMs` alone; beyond what keeps the writer busy, commands queue.
 */
const writer =
  (serviceMs: number, perMs: number) =>
  (inFlight: number): number =>
    Math.max(serviceMs, inFlight / perMs);

describe('adaptive in-flight limit', () => {
  test('starts at the floor and grows while latency stays at the no-load latency', () => {
    const limit = createAdaptiveLimit({ maxLimit: 256, minLimit: 4 });
    expect(limit.current()).toBe(4);
    expect(limit.noLoadMs()).toBe(Number.POSITIVE_INFINITY);
    feed(limit, 40, () => 10);
    expect(limit.noLoadMs()).toBe(10);
    expect(limit.current()).toBe(256);
  });

  test('does not grow while the limit is not in use', () => {
    const limit = createAdaptiveLimit({ maxLimit: 256, minLimit: 4 });
    for (let sample = 0; sample < 16 * 40; sample += 1) limit.observe(10, 1);
    expect(limit.current()).toBe(4);
  });

  test('settles where a saturated writer keeps latency within the tolerance', () => {
    // 10 ms alone, 2 commands a millisecond: 20 in flight keep it busy; 40 double the latency.
    const limit = createAdaptiveLimit({ maxLimit: 256, minLimit: 4, tolerance: 2 });
    feed(limit, 200, writer(10, 2));
    expect(limit.noLoadMs()).toBe(10);
    expect(limit.current()).toBeGreaterThanOrEqual(20);
    expect(limit.current()).toBeLessThanOrEqual(40);
  });

  test('shrinks at most by half a window when latency jumps, never below the floor', () => {
    const limit = createAdaptiveLimit({ maxLimit: 256, minLimit: 8, initialLimit: 256 });
    feed(limit, 1, () => 10, alone);
    feed(limit, 1, () => 1000);
    expect(limit.current()).toBe(128);
    feed(limit, 10, () => 1000);
    expect(limit.current()).toBe(8);
  });

  test('shrinks by the ratio of the tolerated latency to the window average', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, initialLimit: 100, tolerance: 2 });
    feed(limit, 1, () => 10, alone);
    feed(limit, 1, () => 25);
    expect(limit.current()).toBe(80);
  });

  test('holds between half the tolerance and the tolerance', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, initialLimit: 50, tolerance: 2 });
    feed(limit, 1, () => 10, alone);
    const held = limit.current();
    expect(held).toBe(50);
    feed(limit, 20, () => 17);
    expect(limit.current()).toBe(held);
  });

  test('forgets a no-load latency older than the windows it remembers', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, windowsRemembered: 4 });
    feed(limit, 1, () => 5, alone);
    feed(limit, 3, () => 20, alone);
    expect(limit.noLoadMs()).toBe(5);
    feed(limit, 1, () => 20, alone);
    expect(limit.noLoadMs()).toBe(20);
  });

  test('learns no-load latency only from windows whose commands ended with at most the floor in flight', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, minLimit: 4, windowsRemembered: 4 });
    feed(limit, 1, () => 10);
    expect(limit.noLoadMs()).toBe(10);
    // Under load, however long: a latency with queueing in it is never taken for no-load.
    feed(
      limit,
      50,
      () => 14,
      () => 40,
    );
    expect(limit.noLoadMs()).toBe(10);
  });

  test('takes the no-load latency from averages, not from the luckiest command', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, minLimit: 4 });
    // Half the commands take 2 ms, half 18: a spread a busy machine gives even unloaded.
    for (let sample = 0; sample < 16 * 30; sample += 1) {
      limit.observe(sample % 2 ? 18 : 2, limit.current());
    }
    expect(limit.noLoadMs()).toBe(10);
    expect(limit.current()).toBe(100);
  });

  test('falls to the floor when the no-load latency rose, learns it there, and grows again', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, minLimit: 4, windowsRemembered: 4 });
    feed(limit, 40, writer(5, 10));
    const before = limit.current();
    expect(before).toBeGreaterThan(50);
    // Everything takes four times longer now, even alone.
    feed(limit, 6, writer(20, 10));
    expect(limit.current()).toBe(4);
    feed(limit, 4, writer(20, 10));
    expect(limit.noLoadMs()).toBe(20);
    feed(limit, 40, writer(20, 10));
    expect(limit.current()).toBeGreaterThan(50);
  });

  test('ignores latencies that are not numbers or negative', () => {
    const limit = createAdaptiveLimit({ maxLimit: 100, samplesPerWindow: 1 });
    limit.observe(Number.NaN, 1);
    limit.observe(-1, 1);
    expect(limit.noLoadMs()).toBe(Number.POSITIVE_INFINITY);
  });

  test('without settings, is fixed at the ceiling and learns nothing', () => {
    const limit = createInFlightLimit(32, null);
    feed(limit, 10, () => 1000);
    expect(limit.current()).toBe(32);
  });

  test('keeps the floor at the ceiling when the ceiling is lower', () => {
    const limit = createInFlightLimit(2, { minLimit: 8 });
    feed(limit, 10, () => 1000);
    expect(limit.current()).toBe(2);
  });

  test.prop([
    fc.integer({ min: 1, max: 512 }),
    fc.integer({ min: 1, max: 64 }),
    fc.array(fc.tuple(fc.double({ min: 0, max: 1e5, noNaN: true }), fc.nat(600)), {
      maxLength: 400,
    }),
  ])('stays within the floor and the ceiling whatever it sees', (maxLimit, minLimit, samples) => {
    const limit = createAdaptiveLimit({ maxLimit, minLimit, samplesPerWindow: 4 });
    for (const [latency, inFlight] of samples) {
      limit.observe(latency, inFlight);
      expect(limit.current()).toBeGreaterThanOrEqual(Math.min(minLimit, maxLimit));
      expect(limit.current()).toBeLessThanOrEqual(maxLimit);
    }
  });
});
