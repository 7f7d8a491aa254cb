import { describe, expect, it } from 'vitest';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import { sectionsThreeWays } from './sections-harness.ts';

const config = {
  onBackgroundError: (error: unknown) => {
    throw error;
  },
  participantName: 'participant1',
  synchronizerName: 'global-domain',
  ledgerApiVersion: '3.4.12',
  startMicros: 1_767_225_600_000_000n,
};

describe('state sections, three ways', () => {
  it('gives a devnet’s published end the same live, replayed and restored', async () => {
    const ways = await sectionsThreeWays(
      { ...config, devnet: { ...defaultDevnetConfig, seed: '0' } },
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
