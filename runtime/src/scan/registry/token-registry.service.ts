import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { amuletRulesTemplate } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { createJournalCounter } from '../journal-locations.ts';
import { amuletInstrument, type Instrument, registrySupportedApis } from './amulet-instrument.ts';
import { createAmuletSupply } from './amulet-supply.projection.ts';
import {
  createRegistryContracts,
  type RegistryContracts,
} from './registry-contracts.projection.ts';
import {
  type AllocationAction,
  allocationContext,
  allocationFactory,
  type TransferInstructionAction,
  transferFactory,
  transferInstructionContext,
} from './registry-factories.ts';
import { createRegistryLookups, notFound } from './registry-lookups.ts';
import { registryReferences as refs } from './registry-references.ts';

/** The section `scan.registry.contracts`: the journal records counted, and the contracts. */
type SavedRegistry = {
  readonly journalRecords: number;
  readonly contracts: ReturnType<RegistryContracts['save']>;
};

/**
 * The token-standard registry of amulet, as Scan serves it: metadata, and the factories and
 * choice contexts (with the contracts to disclose) that wallets pass into their submissions.
 * Its projections subscribe to the bus here, before the journal is replayed.
 */
export function createTokenRegistry(core: PocketnetNodeCore) {
  const contracts = createRegistryContracts(core.undo);
  const supply = createAmuletSupply(core.contractEvents, core.undo);
  const journal = createJournalCounter(core.undo);
  core.records$.subscribe((record) => {
    contracts.apply(record, journal.next());
    supply.apply(record);
  });
  core.undo.section<SavedRegistry>('scan.registry.contracts', {
    save: () => ({ journalRecords: journal.count(), contracts: contracts.save() }),
    restore(saved, history) {
      journal.restore(saved.journalRecords, history);
      contracts.restore(saved.contracts, history);
    },
  });
  core.undo.section('scan.registry.supply', supply);
  const registry = {
    lookups: createRegistryLookups(core, contracts),
    synchronizerId: core.identity.synchronizerId,
  };
  const dso = (): string => {
    const rules = contracts.active(refs.amuletRules).at(-1);
    const party = rules
      ? payloadOf(amuletRulesTemplate, rules.createArgument).dso
      : core.devnetParties()?.dso;
    if (!party) throw notFound('The registry has no DSO party yet: AmuletRules does not exist.');
    return party;
  };
  const instruments = (): Instrument[] => [amuletInstrument(supply.current())];
  return {
    info: () => ({ adminId: dso(), supportedApis: registrySupportedApis }),
    instruments,
    instrument(instrumentId: string): Instrument {
      const found = instruments().find((instrument) => instrument.id === instrumentId);
      if (!found) throw notFound(`No instrument with id ${instrumentId} found`);
      return found;
    },
    transferFactory: (transfer: { readonly sender: string; readonly receiver: string }) =>
      transferFactory(registry, transfer),
    transferInstructionContext: (instructionId: string, action: TransferInstructionAction) =>
      transferInstructionContext(registry, { instructionId, action }),
    allocationFactory: () => allocationFactory(registry),
    allocationContext: (allocationId: string, action: AllocationAction) =>
      allocationContext(registry, { allocationId, action }),
  };
}

export type TokenRegistry = ReturnType<typeof createTokenRegistry>;
