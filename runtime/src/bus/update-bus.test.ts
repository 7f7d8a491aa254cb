import type { JournalRecord } from '@pocketnet/ledger';
import { describe, expect, test } from 'vitest';
import { createUpdateBus } from './update-bus.ts';

const record = (offset: number) => ({ offset }) as unknown as JournalRecord;
const offsetOf = (r: JournalRecord) => (r as unknown as { offset: number }).offset;

describe('the update bus', () => {
  test('delivers every record to every subscriber, in subscription order', () => {
    const bus = createUpdateBus();
    const seen: string[] = [];
    bus.records$.subscribe((r) => seen.push(`a${offsetOf(r)}`));
    bus.records$.subscribe((r) => seen.push(`b${offsetOf(r)}`));
    bus.publish(record(1));
    bus.publish(record(2));
    expect(seen).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  test('a subscriber joining during a publish starts with the next record', () => {
    const bus = createUpdateBus();
    const late: number[] = [];
    let joined = false;
    bus.records$.subscribe(() => {
      if (joined) return;
      joined = true;
      bus.records$.subscribe((r) => late.push(offsetOf(r)));
    });
    bus.publish(record(1));
    bus.publish(record(2));
    expect(late).toEqual([2]);
  });

  test('one unsubscribed during a publish gets nothing more, the others still get it', () => {
    const bus = createUpdateBus();
    const seen: string[] = [];
    const later: { unsubscribe(): void }[] = [];
    bus.records$.subscribe((r) => {
      seen.push(`a${offsetOf(r)}`);
      for (const subscription of later) subscription.unsubscribe();
    });
    later.push(bus.records$.subscribe((r) => seen.push(`b${offsetOf(r)}`)));
    const third = bus.records$.subscribe((r) => seen.push(`c${offsetOf(r)}`));
    bus.publish(record(1));
    bus.publish(record(2));
    third.unsubscribe();
    bus.publish(record(3));
    expect(seen).toEqual(['a1', 'c1', 'a2', 'c2', 'a3']);
  });

  test('complete ends every subscription, and later subscribers complete at once', () => {
    const bus = createUpdateBus();
    const events: string[] = [];
    bus.records$.subscribe({ complete: () => events.push('first completed') });
    bus.complete();
    bus.publish(record(1));
    bus.records$.subscribe({
      next: () => events.push('late got a record'),
      complete: () => events.push('late completed'),
    });
    expect(events).toEqual(['first completed', 'late completed']);
  });
});
