import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { ansPackageName } from './ans-config.ts';
import { ansEntry } from './ans-entry.ts';
import { ansEntryContext } from './ans-entry-context.ts';
import { ansRules } from './ans-rules.ts';

/** `splice-amulet-name-service`: the name service's rules, entries and entry contexts. */
export const spliceAmuletNameServicePackage: Package = definePackage({
  name: ansPackageName,
  version: '0.1.16',
  templates: [ansRules, ansEntryContext, ansEntry],
});
