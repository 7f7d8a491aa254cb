import type { PackageRegistry } from '@pocketnet/ledger';
import type { PocketnetNode } from '../node/create-node.ts';
import { nodeOfParticipant, type ParticipantNode } from '../node/create-participant.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import type { Scan } from '../scan/create-scan.ts';
import type { SpliceDarSet } from '../splice-dars/splice-dar-set.ts';
import { spliceTemplateOf, uploadSpliceDars } from '../splice-dars/splice-genesis.ts';
import {
  createValidatorApp,
  type ValidatorApp,
  type ValidatorAppConfig,
} from './create-validator-app.ts';

/**
 * The validator apps of the node's further participants, each on the participant it names.
 * `participants` are the node's, its first (the SV's) first; `names` those of the others.
 */
export function createValidatorApps(input: {
  readonly core: PocketnetNodeCore;
  readonly participants: readonly ParticipantNode[];
  readonly names: readonly string[];
  readonly configs: readonly ValidatorAppConfig[] | undefined;
  readonly scan: Scan;
  readonly version: string;
  readonly onError: (error: unknown) => void;
}): ValidatorApp[] {
  return (input.configs ?? []).map((config) => {
    const participant = input.participants[input.names.indexOf(config.participant) + 1];
    if (input.names.indexOf(config.participant) < 0 || participant === undefined) {
      throw new Error(`a validator app on ${config.participant}, which the node does not run`);
    }
    return createValidatorApp({ ...input, participant, config });
  });
}

/**
 * Onboards and starts each app validator; with `--splice-dars`, it uploads Splice's DARs to its own
 * participant first (as a Splice validator app does) and creates Splice's own templates.
 */
export async function onboardValidatorApps(
  apps: readonly ValidatorApp[],
  options: {
    readonly spliceDars: SpliceDarSet | null | undefined;
    readonly packages: PackageRegistry;
  },
): Promise<void> {
  const { spliceDars, packages } = options;
  const templateOf = spliceDars ? spliceTemplateOf(spliceDars) : undefined;
  for (const app of apps) {
    await uploadSpliceDars({ set: spliceDars, packages, to: app.participant });
    await app.onboard({ templateOf });
    app.start();
  }
}

/**
 * The node as an app validator's servers serve it: its participant's Ledger API and identity,
 * and its own wallet, wallet apps, external-party administration, actors and automations; the
 * network's devnet with this validator as its operator. Scan, clock and packages are shared.
 */
export function nodeOfValidatorApp(node: PocketnetNode, app: ValidatorApp): PocketnetNode {
  const devnet = node.devnet && {
    ...node.devnet,
    parties: { ...node.devnet.parties, validatorOperator: app.operator },
  };
  return {
    ...nodeOfParticipant(node, app.participant),
    devnet,
    actors: app.actors,
    wallet: app.wallet,
    walletApps: app.walletApps,
    walletExternal: app.walletExternal,
    automation: app.automation,
  };
}
