import { formatMicros } from '../clock.ts';
import type { Command, DisclosedContract } from '../commands.ts';
import type { ActiveContract, ContractStore } from '../contract.ts';
import type { PackageSelection } from '../packages/package-selection.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import { firstNodeOnly, type TransactionNode } from '../transaction.ts';
import { performCreate } from './create-action.ts';
import { usableDisclosures } from './disclosure.ts';
import { performExercise } from './exercise-action.ts';
import { checkKey, contractByKey } from './fetch-action.ts';
import { type LedgerTimeBounds, unconstrainedTimeBounds } from './ledger-time-bounds.ts';
import type { PartyListPool } from './parties.ts';
import { type Frame, type TransactionState, useContract } from './transaction-state.ts';

export type InterpretInput = {
  readonly packages: PackageRegistry;
  /** Which version of a package name the commands' `#name:…` references mean. */
  readonly selection?: PackageSelection;
  readonly contracts: ContractStore;
  readonly commands: readonly Command[];
  readonly actAs: readonly string[];
  readonly readAs: readonly string[];
  readonly disclosed: readonly DisclosedContract[];
  readonly ledgerTimeMicros: bigint;
  /** ledgerTimeMicros already formatted, when the caller has it: every create shares it. */
  readonly ledgerTime?: string;
  /** The committer supplies contract ids, by the node id of the create. */
  readonly newContractId: (nodeId: number) => string;
  readonly isKnownParty: (party: string) => boolean;
  /** Lets nodes share equal party lists with earlier transactions (see createPartyListPool). */
  readonly shareParties?: PartyListPool;
};

export type InterpretResult = {
  readonly nodes: TransactionNode[];
  readonly rootNodeIds: readonly number[];
  /** Contracts created and still active at the end of the transaction, in creation order. */
  readonly created: ActiveContract[];
  /** Contracts consumed: pre-existing ones and ones created and consumed in this transaction. */
  readonly archived: string[];
  /** The ledger times for which this interpretation comes out the same (Daml's timeBoundaries). */
  readonly timeBounds: LedgerTimeBounds;
};

function fromCommand(path: string) {
  return { path, fromCommand: true } as const;
}

/**
 * The template or interface an exercise names. By package name, Canton's selection among the
 * versions written as the contract's package is (Daml-LF or the node's TypeScript): a
 * TypeScript imitation of a Splice package never runs a Daml-LF contract, nor the reverse.
 */
function exerciseTarget(state: TransactionState, templateId: string, contractId: string) {
  const { packages, selection } = state.input;
  if (!templateId.startsWith('#')) return packages.resolve(templateId, selection);
  const like = useContract(state, contractId).template.packageId;
  return packages.resolve(templateId, { ...selection, like });
}

function runCommand(state: TransactionState, root: Frame, command: Command): void {
  const { packages, selection } = state.input;
  switch (command.kind) {
    case 'create':
      performCreate(state, root, packages.resolveTemplate(command.templateId, selection), {
        value: command.createArguments,
        source: fromCommand('createArguments'),
      });
      return;
    case 'exercise':
      performExercise(state, root, {
        target: exerciseTarget(state, command.templateId, command.contractId),
        contractId: command.contractId,
        choice: command.choice,
        argument: command.choiceArgument,
        source: fromCommand('choiceArgument'),
      });
      return;
    case 'exerciseByKey':
      runExerciseByKey(state, root, command);
      return;
    case 'createAndExercise':
      runCreateAndExercise(state, root, command);
      return;
    default:
      throw new Error(`unknown command kind ${JSON.stringify(command satisfies never)}`);
  }
}

function runExerciseByKey(
  state: TransactionState,
  root: Frame,
  command: Extract<Command, { kind: 'exerciseByKey' }>,
): void {
  const template = state.input.packages.resolveTemplate(command.templateId, state.input.selection);
  const key = checkKey(template, command.contractKey, fromCommand('contractKey'));
  const live = contractByKey(state, template, key);
  performExercise(state, root, {
    target: template,
    contractId: live.contract.contractId,
    choice: command.choice,
    argument: command.choiceArgument,
    source: fromCommand('choiceArgument'),
  });
}

function runCreateAndExercise(
  state: TransactionState,
  root: Frame,
  command: Extract<Command, { kind: 'createAndExercise' }>,
): void {
  const template = state.input.packages.resolveTemplate(command.templateId, state.input.selection);
  const contractId = performCreate(state, root, template, {
    value: command.createArguments,
    source: fromCommand('createArguments'),
  });
  performExercise(state, root, {
    target: template,
    contractId,
    choice: command.choice,
    argument: command.choiceArgument,
    source: fromCommand('choiceArgument'),
  });
}

function finish(state: TransactionState, root: Frame): InterpretResult {
  const nodes = state.nodes.map((node, index) => {
    if (node === null) throw new Error(`node ${index} was never completed`);
    return node;
  });
  const created: ActiveContract[] = [];
  for (const [contractId, live] of state.created) {
    if (!state.consumed.has(contractId)) created.push(live.contract);
  }
  // Most transactions are one command, rooted at node 0: they share one list. Otherwise a
  // copy, as the scope's list grew by push and has spare capacity the record would keep.
  const single = root.children.length === 1 && root.children[0] === 0;
  const rootNodeIds = single ? firstNodeOnly : root.children.slice();
  const { timeBounds } = state;
  return { nodes, rootNodeIds, created, archived: [...state.consumed], timeBounds };
}

function readersOf(input: InterpretInput): Set<string> {
  const readers = new Set(input.actAs);
  for (const party of input.readAs) readers.add(party);
  return readers;
}

/**
 * Interprets commands as one Daml transaction: every action is checked (authorization,
 * visibility, ensure, keys, types) on an overlay of the contract store, and the result is
 * the transaction tree plus the contracts it creates and archives. It never writes the store,
 * so a DomainError leaves nothing behind.
 */
export function interpret(input: InterpretInput): InterpretResult {
  const state: TransactionState = {
    input,
    readers: readersOf(input),
    disclosed: usableDisclosures(input),
    nodes: [],
    created: new Map(),
    consumed: new Set(),
    keys: new Map(),
    createdAt: input.ledgerTime ?? formatMicros(input.ledgerTimeMicros),
    timeBounds: unconstrainedTimeBounds(),
  };
  const root: Frame = { authorizers: new Set(input.actAs), witnesses: [], children: [] };
  for (const command of input.commands) runCommand(state, root, command);
  return finish(state, root);
}
