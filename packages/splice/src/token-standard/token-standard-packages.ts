import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { featuredAppApiPackage } from '../featured-app/featured-app-right-v1.ts';
import {
  allocationFactoryInterface,
  allocationInstructionInterface,
  allocationInstructionPackageName,
} from './allocation-instruction-v1.ts';
import {
  allocationRequestInterface,
  allocationRequestPackageName,
} from './allocation-request-v1.ts';
import { allocationInterface, allocationPackageName } from './allocation-v1.ts';
import { holdingInterface, holdingPackageName } from './holding-v1.ts';
import {
  anyContractInterface,
  metadataPackageName,
  registryAppInstallInterface,
} from './metadata-v1.ts';
import { transferInstructionPackageName } from './transfer-instruction-types.ts';
import {
  transferFactoryInterface,
  transferInstructionInterface,
} from './transfer-instruction-v1.ts';

// The token-standard API packages: interfaces only, version 1.0.0 as on the network.

const version = '1.0.0';

export const metadataPackage: Package = definePackage({
  name: metadataPackageName,
  version,
  interfaces: [anyContractInterface, registryAppInstallInterface],
});

export const holdingPackage: Package = definePackage({
  name: holdingPackageName,
  version,
  interfaces: [holdingInterface],
});

export const transferInstructionPackage: Package = definePackage({
  name: transferInstructionPackageName,
  version,
  interfaces: [transferInstructionInterface, transferFactoryInterface],
});

export const allocationPackage: Package = definePackage({
  name: allocationPackageName,
  version,
  interfaces: [allocationInterface],
});

export const allocationInstructionPackage: Package = definePackage({
  name: allocationInstructionPackageName,
  version,
  interfaces: [allocationInstructionInterface, allocationFactoryInterface],
});

/** Interfaces only no Splice template implements; wallets filter their history by them. */
export const allocationRequestPackage: Package = definePackage({
  name: allocationRequestPackageName,
  version,
  interfaces: [allocationRequestInterface],
});

/**
 * Load these with any package whose templates implement the token standard. The featured-app
 * API (splice-api-featured-app-v1) comes with them: splice-amulet implements both.
 */
export const tokenStandardPackages: readonly Package[] = [
  metadataPackage,
  holdingPackage,
  transferInstructionPackage,
  allocationPackage,
  allocationInstructionPackage,
  allocationRequestPackage,
  featuredAppApiPackage,
];
