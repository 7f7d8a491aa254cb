import type { Journal, LedgerEngine, LedgerEngineDeps } from '@pocketnet/ledger';

/**
 * Scale-out (issue 12): what a node runs its ledger on instead of `dataDir`'s journal. The
 * writer passes its Redis journal; a replica (gateway, worker) passes an engine that forwards
 * writes to the writer and marks itself `replica`, leaving the node's background writes (the
 * devnet's rounds, the wallet apps' due work, migrations) to the writer.
 */
export type NodeLedger = {
  openJournal(): Promise<Journal>;
  createEngine?(deps: LedgerEngineDeps): LedgerEngine;
  readonly replica?: boolean;
};
