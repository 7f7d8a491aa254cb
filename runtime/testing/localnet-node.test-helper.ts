import { createSimulatedClock } from '@pocketnet/ledger';
import { defaultDevnetConfig } from '../src/devnet/start-devnet.ts';
import { createNode } from '../src/node/create-node.ts';
import type { SpliceDarSet } from '../src/splice-dars/splice-dar-set.ts';
import type { ValidatorAppConfig } from '../src/validator-apps/create-validator-app.ts';
import { packageCacheUnderTest } from './splice-dars-under-test.ts';

/**
 * LocalNet's layout in one node (issue 22): the SV's participant and the app-provider's and the
 * app-user's on its synchronizer, on a simulated clock; with `validatorApps`, a devnet and a
 * validator app on each app participant.
 */
export async function createLocalnetTestNode(
  options: {
    readonly dataDir?: string | null;
    readonly validatorApps?: readonly ValidatorAppConfig[];
    readonly spliceDars?: SpliceDarSet;
  } = {},
) {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: options.dataDir ?? null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'sv',
    participants: ['app-provider', 'app-user'],
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    ...(options.validatorApps
      ? { validatorApps: options.validatorApps, devnet: defaultDevnetConfig }
      : {}),
    ...(options.spliceDars ? { spliceDars: options.spliceDars } : {}),
    packageCache: packageCacheUnderTest,
  });
  const [sv, provider, user] = node.participants;
  if (!sv || !provider || !user) throw new Error('LocalNet has three participants');
  return { node, sv, provider, user };
}
