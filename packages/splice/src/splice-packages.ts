import type { Package } from '@pocketnet/ledger';
import { spliceAmuletPackage } from './amulet/splice-amulet-assembly.ts';
import { spliceAppPackages } from './dso/splice-app-packages.ts';
import { tokenStandardPackages } from './token-standard/token-standard-packages.ts';

/** Every Splice package a node runs: the token standard, the coin, and the apps built on it. */
export const splicePackages: readonly Package[] = [
  ...tokenStandardPackages,
  spliceAmuletPackage,
  ...spliceAppPackages,
];
