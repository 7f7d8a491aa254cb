import { describe, expect, it } from 'vitest';
import { ScaleOutSettingsError, scaleOutSettings } from './scale-out-settings.ts';

describe('scale-out settings', () => {
  it('fixes every in-flight limit at POCKETNET_MAX_IN_FLIGHT by default', () => {
    const settings = scaleOutSettings({});
    expect(settings.maxInFlight).toBe(256);
    expect(settings.adaptiveLimit).toBeNull();
    expect(settings.adaptiveAdmission).toBeNull();
  });

  it('adapts both with POCKETNET_ADAPTIVE_LIMIT=1 and neither with 0', () => {
    const on = scaleOutSettings({ POCKETNET_ADAPTIVE_LIMIT: '1' });
    expect([on.adaptiveLimit, on.adaptiveAdmission]).toEqual([
      { minLimit: 8, tolerance: 1.5 },
      { minLimit: 8, tolerance: 1.5 },
    ]);
    const off = scaleOutSettings({ POCKETNET_ADAPTIVE_LIMIT: '0' });
    expect([off.adaptiveLimit, off.adaptiveAdmission]).toEqual([null, null]);
  });

  it('reads the adaptive limit’s floor and tolerance', () => {
    expect(
      scaleOutSettings({
        POCKETNET_ADAPTIVE_LIMIT: '1',
        POCKETNET_MIN_IN_FLIGHT: '4',
        POCKETNET_LATENCY_TOLERANCE: '3',
      }).adaptiveLimit,
    ).toEqual({ minLimit: 4, tolerance: 3 });
  });

  it('stops at start on a bad value, naming the variable', () => {
    expect(() => scaleOutSettings({ POCKETNET_LATENCY_TOLERANCE: '1' })).toThrow(
      ScaleOutSettingsError,
    );
    expect(() => scaleOutSettings({ POCKETNET_ADAPTIVE_LIMIT: 'yes' })).toThrow(
      /invalid POCKETNET_ADAPTIVE_LIMIT/,
    );
  });
});
