import { describe, expect, it } from 'vitest';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import { harnessConfig, sectionsThreeWays } from './sections-harness.ts';

describe('state sections, three ways', () => {
  it('gives a devnet’s published end the same live, replayed and restored', async () => {
    const ways = await sectionsThreeWays(
      harnessConfig({ ...defaultDevnetConfig, seed: '0' }),
      async () => {},
      { only: (name) => name === 'ledger.published-end' },
    );
    try {
      expect(ways.live['ledger.published-end']).toBeGreaterThan(0);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
    } finally {
      await ways.nodes.replayed.close();
      await ways.nodes.restored.close();
    }
  });
});
