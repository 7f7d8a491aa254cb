import { createUndoLog } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createScanHealth, formatUptime } from './node-status.ts';

describe('Scan health', () => {
  it('is not initialized without a DSO, running with one, failed for good after a failure', () => {
    let id: string | null = null;
    const health = createScanHealth({
      id: () => id,
      uptimeMillis: () => 3_723_500,
      undo: createUndoLog(),
    });
    expect(health.status()).toEqual({ kind: 'not_initialized' });
    id = 'participant1::1220';
    expect(health.status()).toEqual({ kind: 'success', id, uptime: 'PT1H2M3.5S' });
    health.fail(new Error('a record could not be projected'));
    health.fail(new Error('a later failure'));
    expect(health.status()).toEqual({ kind: 'failed', error: 'a record could not be projected' });
  });

  it('formats uptimes as ISO-8601 durations', () => {
    expect(formatUptime(0)).toBe('PT0S');
    expect(formatUptime(59_999)).toBe('PT59.999S');
    expect(formatUptime(60_000)).toBe('PT1M0S');
    expect(formatUptime(7_200_000)).toBe('PT2H0S');
  });
});
