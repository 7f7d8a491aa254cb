import { afterEach, describe, expect, it } from 'vitest';
import { devnetDay, userCaller } from '../../testing/devnet-day.test-helper.ts';
import { packageCacheUnderTest } from '../../testing/splice-dars-under-test.ts';
import { sharedSpliceDars } from '../../testing/splice-node.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { harnessConfig, sectionsThreeWays } from './sections-harness.ts';

// Issue 23's whole node: every holder's section, live == replayed == restored, and the node's
// reads answering the same restored as replayed.

const config = harnessConfig({ ...defaultDevnetConfig, seed: '0' });

/** What the node's reads answer: the Ledger API's, scan's, the wallets' and the actors'. */
function readsOf(node: PocketnetNode) {
  const hosted = node.admin
    .listParties(unrestrictedCaller, { pageSize: 1000, pageToken: '' })
    .partyDetails.map((details) => details.party);
  const end = node.reads.ledgerEnd(unrestrictedCaller);
  const anyTemplate = {
    wildcard: { includeCreatedEventBlob: false },
    templates: new Map(),
    interfaces: new Map(),
  };
  const everything = { byParty: new Map(), anyParty: anyTemplate, verbose: false };
  const format = {
    transactions: { filter: everything, shape: 'ACS_DELTA' as const },
    topologyParties: [],
  };
  const page = { beginExclusive: 0, endInclusive: end, maxPageSize: 1000, descending: false };
  return {
    end,
    acs: node.reads.activeContracts(unrestrictedCaller, everything, end),
    updates: node.reads.updatesPage(unrestrictedCaller, format, { ...page, pageToken: null }),
    users: node.admin.listUsers(unrestrictedCaller, { pageSize: 1000 }),
    scanUpdates: node.scan.history.updates.page({ after: null, pageSize: 1000 }),
    dso: node.scan.network.dsoInfo(),
    actors: node.actors.list(unrestrictedCaller),
    hosted,
    holdings: hosted.map((party) => {
      try {
        return node.walletExternal.balance(unrestrictedCaller, party);
      } catch (error) {
        return (error as Error).message;
      }
    }),
    wallets: ['alice', 'bob'].map((user) => ({
      balance: node.wallet.balances.balance(userCaller(user)),
      history: node.wallet.transactions(userCaller(user), { pageSize: 100 }),
      offers: node.wallet.offers.list(userCaller(user)),
    })),
  };
}

const closing: PocketnetNode[] = [];
afterEach(async () => {
  for (const node of closing.splice(0)) await node.close();
});

describe('a devnet node’s state sections', () => {
  // Each kind of node builds holders of its own: Splice's own packages (LF packages decoded,
  // the DSO's automation on them), a second synchronizer (its state, the parties hosted there).
  const kinds = [
    ['a devnet', config],
    [
      'a devnet on Splice’s own DARs',
      { ...config, spliceDars: sharedSpliceDars, packageCache: packageCacheUnderTest },
    ],
    ['a devnet on two synchronizers', { ...config, synchronizers: ['global', 'app1'] }],
  ] as const;

  it.each(kinds)(
    'are the same live, replayed and restored on %s, and the restored node reads as the replayed',
    async (_kind, kindConfig) => {
      const ways = await sectionsThreeWays(kindConfig, devnetDay);
      closing.push(ways.nodes.replayed, ways.nodes.restored);
      expect(ways.nodes.restored.loaded.how).toBe('restored');
      expect(Object.keys(ways.live).length).toBeGreaterThan(1);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      expect(readsOf(ways.nodes.restored)).toEqual(readsOf(ways.nodes.replayed));
    },
    120_000,
  );
});
