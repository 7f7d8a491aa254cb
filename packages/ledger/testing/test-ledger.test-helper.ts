import type { Command, DisclosedContract } from '../src/commands.ts';
import type { ActiveContract, ContractStore } from '../src/contract.ts';
import { DomainError, isDomainError } from '../src/errors.ts';
import { examplePackages } from '../src/examples/examples-package.ts';
import type { InterpretResult } from '../src/interpreter/interpret.ts';
import { interpret } from '../src/interpreter/interpret.ts';
import type { Package } from '../src/packages/package.ts';
import type { PackageSelection } from '../src/packages/package-selection.ts';
import type { PackageRegistry } from '../src/packages/registry.ts';
import { createPackageRegistry } from '../src/packages/registry.ts';
import type { Value } from '../src/value.ts';

/** Test support: an in-memory contract store and a ledger that commits interpreted results. */
export type MemoryContractStore = ContractStore & {
  apply(result: InterpretResult): void;
  all(): ActiveContract[];
};

export function createMemoryContractStore(): MemoryContractStore {
  const byId = new Map<string, ActiveContract>();
  const keyOf = (templateId: string, key: Value) => `${templateId} ${JSON.stringify(key)}`;
  const byKey = new Map<string, string>();
  return {
    lookup: (contractId) => byId.get(contractId),
    lookupByKey(templateId, key) {
      const contractId = byKey.get(keyOf(templateId, key));
      return contractId === undefined ? undefined : byId.get(contractId);
    },
    apply(result) {
      for (const contractId of result.archived) {
        const contract = byId.get(contractId);
        byId.delete(contractId);
        if (contract?.contractKey != null)
          byKey.delete(keyOf(contract.templateId, contract.contractKey));
      }
      for (const draft of result.created) {
        byId.set(draft.contractId, draft);
        if (draft.contractKey !== null)
          byKey.set(keyOf(draft.templateId, draft.contractKey), draft.contractId);
      }
    },
    all: () => [...byId.values()],
  };
}

export function partyId(hint: string): string {
  return `${hint}::1220${Buffer.from(hint).toString('hex').padEnd(64, '0').slice(0, 64)}`;
}

export const alice = partyId('alice');
export const bob = partyId('bob');
export const carol = partyId('carol');
export const bank = partyId('bank');
export const stranger = partyId('stranger');

export type Submission = {
  readonly actAs: readonly string[];
  readonly readAs?: readonly string[];
  readonly disclosed?: readonly DisclosedContract[];
  readonly commands: readonly Command[];
  readonly selection?: PackageSelection;
};

export type TestLedger = {
  readonly store: MemoryContractStore;
  readonly packages: PackageRegistry;
  submit(submission: Submission): InterpretResult;
  /** The DomainError a submission fails with (the test fails if it succeeds). */
  reject(submission: Submission): DomainError;
};

export function createTestLedger(packages: readonly Package[] = examplePackages): TestLedger {
  const store = createMemoryContractStore();
  const registry = createPackageRegistry(packages);
  const known = new Set([alice, bob, carol, bank]);
  let offset = 0;
  const submit = (submission: Submission): InterpretResult => {
    const next = offset + 1;
    const result = interpret({
      packages: registry,
      ...(submission.selection ? { selection: submission.selection } : {}),
      contracts: store,
      commands: submission.commands,
      actAs: submission.actAs,
      readAs: submission.readAs ?? [],
      disclosed: submission.disclosed ?? [],
      ledgerTimeMicros: 1_700_000_000_000_000n + BigInt(next),
      newContractId: (nodeId) =>
        `00${next.toString(16).padStart(8, '0')}${nodeId.toString(16).padStart(4, '0')}`,
      isKnownParty: (party) => known.has(party),
    });
    offset = next;
    store.apply(result);
    return result;
  };
  const reject = (submission: Submission): DomainError => {
    try {
      submit(submission);
    } catch (error) {
      if (isDomainError(error)) return error;
      throw error;
    }
    throw new DomainError('INVALID_ARGUMENT', 'expected the submission to be rejected');
  };
  return { store, packages: registry, submit, reject };
}

export const iouId = '#pocketnet-examples:Iou:Iou';
export const iouTransferId = '#pocketnet-examples:Iou:IouTransfer';
export const registrationId = '#pocketnet-examples:Iou:CurrencyRegistration';
export const assetId = '#pocketnet-examples:Iou:Asset';

export function iouPayload(overrides: Record<string, Value> = {}): Record<string, Value> {
  return {
    issuer: bank,
    owner: alice,
    currency: 'USD',
    amount: '100',
    observers: [],
    ...overrides,
  };
}

export function createIou(overrides: Record<string, Value> = {}): Command {
  return { kind: 'create', templateId: iouId, createArguments: iouPayload(overrides) };
}

export function exercise(
  templateId: string,
  contractId: string,
  choice: string,
  choiceArgument: Value = {},
): Command {
  return { kind: 'exercise', templateId, contractId, choice, choiceArgument };
}

/** The id of the only contract of a result created from a given template entity. */
export function createdId(result: InterpretResult, entity: string): string {
  const found = result.created.filter((contract) => contract.templateId.endsWith(`:Iou:${entity}`));
  if (found.length !== 1 || found[0] === undefined)
    throw new Error(`expected one ${entity}, got ${found.length}`);
  return found[0].contractId;
}
