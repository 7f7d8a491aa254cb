import { fileURLToPath } from 'node:url';
import { createSimulatedClock } from '@pocketnet/ledger';
import { defaultDevnetConfig } from '../src/devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../src/node/create-node.ts';
import { readSpliceDarSet } from '../src/splice-dars/splice-dar-set.ts';
import { packageCacheUnderTest } from './splice-dars-under-test.ts';

/** Splice 0.6.11's DARs in ../shared/dars, as `--splice-dars ../shared/dars` reads them. */
export const sharedSpliceDars = readSpliceDarSet(
  fileURLToPath(new URL('../../../shared/dars/', import.meta.url)),
  '0.6.11',
);

export const splicePackageId = (name: string) =>
  sharedSpliceDars.dars.find((dar) => dar.name === name)?.packageId ?? '';

/** An in-memory devnet node on Splice's own packages (`--splice-dars`). */
export function createSpliceDarsNode(): Promise<PocketnetNode> {
  return createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    spliceDars: sharedSpliceDars,
    packageCache: packageCacheUnderTest,
  });
}
