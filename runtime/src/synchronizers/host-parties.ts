import type { LedgerEngine, TopologyRecord } from '@pocketnet/ledger';
import type { Synchronizers } from './synchronizers.projection.ts';

/**
 * Hosts `parties` (the devnet's DSO, SV and validator operator) on every synchronizer of the
 * node that does not host them yet, one topology update per synchronizer: a node started with
 * more synchronizers than its journal knows gets them there too.
 */
export async function hostOnEverySynchronizer(
  deps: { readonly engine: LedgerEngine; readonly synchronizers: Synchronizers },
  parties: readonly string[],
): Promise<void> {
  for (const info of deps.synchronizers.list) {
    const missing = parties.filter(
      (party) => !deps.synchronizers.state.synchronizersOf(party).has(info.id),
    );
    if (missing.length === 0) continue;
    await deps.engine.commitTopology(
      (state, offset, updateId, recordTime): TopologyRecord => ({
        type: 'topology',
        offset,
        updateId,
        synchronizerId: info.id,
        recordTime,
        participantId: state.participantId,
        parties: missing,
        annotations: {},
        identityProviderId: '',
        grantedTo: null,
      }),
    );
  }
}
