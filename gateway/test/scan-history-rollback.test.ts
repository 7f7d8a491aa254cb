import { createSimulatedClock, parseNumeric } from '@pocketnet/ledger';
import {
  createNode,
  defaultDevnetConfig,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistoryRendering } from '../src/scan/scan-history.routes.ts';

// Issue 23: scan's rendered pages are kept by a key naming a position in history; a rollback
// gives those positions to other updates, so the kept pages must go with it.

const nodes: PocketnetNode[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});

type Rendering = ReturnType<typeof createHistoryRendering>;

/** Every update, in pages of two (every full page is kept), as rendered JSON. */
function allPages(rendering: Rendering): unknown[] {
  const pages: unknown[] = [];
  let after: { migrationId: number; recordTime: string } | null = null;
  for (;;) {
    const json = rendering.updates.updates({
      after,
      pageSize: 2,
      encoding: 'compact_json',
      version: 'v2',
    });
    const page = JSON.parse(Buffer.concat(json.chunks, json.length).toString('utf8')) as {
      transactions: { migration_id: number; record_time: string }[];
    };
    pages.push(page);
    const last = page.transactions.at(-1);
    if (page.transactions.length < 2 || last === undefined) return pages;
    after = { migrationId: last.migration_id, recordTime: last.record_time };
  }
}

describe("scan's rendered pages after a rollback", () => {
  it('are those of the history as it now is, not the ones kept from before', async () => {
    const node = await createNode({
      onBackgroundError: (error) => {
        throw error;
      },
      dataDir: null,
      clock: createSimulatedClock(1_767_225_600_000_000n),
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      ledgerApiVersion: '3.4.12',
      devnet: defaultDevnetConfig,
    });
    nodes.push(node);
    await node.wallet.onboarding.onboardUser(unrestrictedCaller, { name: 'alice' });
    const alice = node.wallet.access.walletOf({
      kind: 'user',
      userId: 'alice',
      identityProviderId: '',
    });
    const taps = async (amounts: readonly string[]) => {
      for (const amount of amounts)
        await node.wallet.balances.tapAmulet(alice, parseNumeric(amount));
    };
    const kept = createHistoryRendering(node.scan.history);
    const now = node.clock.nowMicros();
    const mark = node.undo.mark();
    await taps(['1', '2', '3', '4', '5']);
    const before = allPages(kept);
    expect(before).toEqual(allPages(createHistoryRendering(node.scan.history)));

    node.undo.rollback(mark);
    node.clock.rewindTo(now);
    node.rearm();
    await taps(['6', '7', '8', '9', '10']);
    const after = allPages(kept);
    expect(after).not.toEqual(before);
    expect(after).toEqual(allPages(createHistoryRendering(node.scan.history)));
  });
});
