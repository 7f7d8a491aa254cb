import type {
  ActiveContract,
  Command,
  InterpretResult,
  Package,
  PackageRegistry,
} from '@pocketnet/ledger';
import { createPackageRegistry, interpret } from '@pocketnet/ledger';

/**
 * Test support: the ledger's interpreter over erased LF packages and an in-memory contract
 * store that keeps what each submission created and archived.
 */
export function interpretingLedger(options: {
  readonly packages: readonly Package[];
  readonly actAs: readonly string[];
  readonly ledgerTimeMicros: bigint;
}): { registry: PackageRegistry; submit: (commands: Command[]) => InterpretResult } {
  const registry = createPackageRegistry(options.packages);
  const contracts = new Map<string, ActiveContract>();
  let next = 0;
  const submit = (commands: Command[]): InterpretResult => {
    next += 1;
    const result = interpret({
      packages: registry,
      contracts: { lookup: (id) => contracts.get(id), lookupByKey: () => undefined },
      commands,
      actAs: options.actAs,
      readAs: [],
      disclosed: [],
      ledgerTimeMicros: options.ledgerTimeMicros,
      newContractId: (nodeId) =>
        `00${String(next).padStart(8, '0')}${String(nodeId).padStart(4, '0')}`,
      isKnownParty: () => true,
    });
    for (const id of result.archived) contracts.delete(id);
    for (const contract of result.created) contracts.set(contract.contractId, contract);
    return result;
  };
  return { registry, submit };
}
