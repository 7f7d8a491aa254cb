import { describe, expect, it } from 'vitest';
import { createSynchronizerSet } from './synchronizer-set.ts';

describe('the synchronizers of --synchronizers', () => {
  it('puts the global synchronizer first under its own name, each with its own identity', () => {
    const [global, app1, ...rest] = createSynchronizerSet({
      globalName: 'global-domain',
      names: ['app1', 'global'],
    });
    expect(rest).toEqual([]);
    expect(global?.alias).toBe('global-domain');
    expect(global?.id).toMatch(/^global-domain::1220[0-9a-f]{64}$/);
    expect(app1?.id).toMatch(/^app1::1220[0-9a-f]{64}$/);
    expect(app1?.sequencerId).toBe(`SEQ::sequencer::${app1?.namespace}`);
    expect(app1?.mediatorId).not.toBe(global?.mediatorId);
  });

  it('is the global synchronizer alone by default', () => {
    expect(createSynchronizerSet({ globalName: 'global-domain' }).map((s) => s.alias)).toEqual([
      'global-domain',
    ]);
  });

  it('refuses a list without the global synchronizer, a repeated name or a malformed one', () => {
    const bad = [
      ['app1'],
      ['global', 'app1', 'app1'],
      ['global', 'a b'],
      ['global', 'global-domain'],
    ];
    for (const names of bad) {
      expect(() => createSynchronizerSet({ globalName: 'global-domain', names })).toThrow();
    }
  });
});
