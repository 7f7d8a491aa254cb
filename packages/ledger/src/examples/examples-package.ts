import { cantonBuiltinPackages } from '../builtin/admin-workflow-ping.ts';
import type { Package } from '../packages/package.ts';
import { definePackage } from '../packages/package.ts';
import { asset } from './asset.ts';
import { currencyRegistration } from './currency-registration.ts';
import { iou } from './iou.ts';
import { iouTransfer } from './iou-transfer.ts';

/** `pocketnet-examples`: the Iou package the README and docs/templates-and-dars.md walk through, loaded by default. */
export const examplesPackage: Package = definePackage({
  name: 'pocketnet-examples',
  version: '1.0.0',
  templates: [iou, iouTransfer, currencyRegistration],
  interfaces: [asset],
});

/**
 * The packages a node loads by default: the examples, and the built-in package every Canton
 * participant carries (clients ping with it).
 */
export const examplePackages: readonly Package[] = [examplesPackage, ...cantonBuiltinPackages];
