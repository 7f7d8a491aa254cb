import { DomainError, type TransactionRecord, type Value } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { walletInstall, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import type { AmuletOperation, TransferInput } from '../vocabulary/splice-types.ts';
import { type ArgumentFields, exerciseOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { UserWallet } from './wallet-access.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import type { WalletSubmit } from './wallet-submitter.ts';
import { type BatchOutcome, createTreasury, type Executed, outcomesOf } from './wallet-treasury.ts';

type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
/** A transfer input of one of the user's amulets. */
export type AmuletInput = Extract<
  spliceVocabulary.splice_amulet.Splice.AmuletRules.TransferInput,
  { readonly tag: 'InputAmulet' }
>;

/** Splice's default `maxNumInputs`: a transfer takes at most 100 inputs. */
const maxInputs = 100;

export type { BatchOutcome } from './wallet-treasury.ts';

type BatchOptions = {
  readonly inputs?: readonly TransferInput[];
  readonly featuredAppRight?: string | null;
  readonly deduplicationKey?: string;
};

/**
 * A COO_Error's InvalidTransferReason as error details (`invalidTransferReason`: its tag, then
 * its fields), so that an automation can answer the reason as Splice's triggers do.
 */
function invalidTransferDetails(reason: Value): Record<string, string> {
  const { tag, value } = (reason ?? {}) as { tag?: unknown; value?: unknown };
  const fields = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  return {
    invalidTransferReason: String(tag),
    ...Object.fromEntries(fields.map(([name, field]) => [name, String(field)])),
  };
}

/**
 * How the validator acts for an end user: it exercises a choice of the user's WalletAppInstall
 * as the operator, reading as the user and the DSO (whose rules and rounds the choices read).
 */
export function createWalletActions(deps: {
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly submit: WalletSubmit;
}) {
  const { contracts, network, submit } = deps;

  const installChoice = <A, R>(
    wallet: UserWallet,
    choice: ChoiceRef<A, R>,
    argument: ArgumentFields<A>,
    deduplicationKey?: string,
  ): Promise<TransactionRecord> =>
    submit({
      actAs: [network.operator()],
      readAs: [wallet.party, network.dso()],
      commands: [
        exerciseOf(
          walletInstall.WalletAppInstall,
          wallet.install.node.contractId,
          choice,
          argument,
        ),
      ],
      ...(deduplicationKey === undefined ? {} : { deduplicationKey }),
    });

  // Splice's treasury: one queue of operations per wallet over its holdings. Each operation picks
  // its inputs when its turn comes, after the one before it committed and the projection saw it,
  // so concurrent operations never pick holdings another is spending (which failed them as
  // CONTRACT_NOT_FOUND while a journal flush was pending).
  const queues = new Map<string, Promise<void>>();
  const inTurn = <T>(party: string, operation: () => Promise<T>): Promise<T> => {
    const result = (queues.get(party) ?? Promise.resolve()).then(operation);
    const settled = result.then(
      () => {},
      () => {},
    );
    queues.set(party, settled);
    void settled.then(() => {
      if (queues.get(party) === settled) queues.delete(party);
    });
    return result;
  };

  /** The user's unlocked amulets as transfer inputs, oldest first, at most `maxNumInputs`. */
  const amuletInputs = (party: string): AmuletInput[] =>
    contracts
      .of(party, 'amulet')
      .slice(0, maxInputs)
      .map((amulet) => ({ tag: 'InputAmulet', value: amulet.node.contractId }));

  /** One ExecuteBatch, its inputs picked now (the caller is in the wallet's turn). */
  const execute = (
    wallet: UserWallet,
    operations: readonly AmuletOperation[],
    options: BatchOptions = {},
  ) =>
    installChoice(
      wallet,
      walletInstallChoices.WalletAppInstall_ExecuteBatch,
      {
        context: network.paymentContext({ featuredAppRight: options.featuredAppRight ?? null }),
        inputs: options.inputs ?? amuletInputs(wallet.party),
        operations,
      },
      options.deduplicationKey,
    );
  const treasury = createTreasury({ inTurn, execute });

  return {
    installChoice,
    amuletInputs,
    /** Runs `operation` in the wallet's turn: after every operation queued before it settled. */
    inTurn,
    /**
     * WalletAppInstall_ExecuteBatch: the operations, run one after the other on the user's
     * amulets (unless inputs are given); their outcomes, in order. An operation that reports
     * COO_Error (it did nothing, though the batch committed) is raised as
     * DAML_INTERPRETATION_ERROR with Splice's reason.
     */
    async executeBatch(
      wallet: UserWallet,
      operations: readonly AmuletOperation[],
      options: BatchOptions = {},
    ): Promise<Executed> {
      // As Splice's treasury: an operation with a deduplication id (or its own inputs, or a
      // featured app right) runs in a transaction of its own; others are batched.
      const batchable =
        options.deduplicationKey === undefined &&
        options.inputs === undefined &&
        options.featuredAppRight === undefined;
      const { record, outcomes } = batchable
        ? await treasury(wallet, operations)
        : await inTurn(wallet.party, async () => {
            const executed = await execute(wallet, operations, options);
            return { record: executed, outcomes: outcomesOf(executed) };
          });
      const failed = outcomes.find(
        (outcome): outcome is Extract<BatchOutcome, { readonly tag: 'COO_Error' }> =>
          outcome.tag === 'COO_Error',
      );
      if (failed) {
        const description = JSON.stringify(failed.value.value ?? null);
        throw new DomainError(
          'DAML_INTERPRETATION_ERROR',
          `The wallet operation failed: ${description}`,
          { details: invalidTransferDetails(failed.value) },
        );
      }
      return { record, outcomes };
    },
  };
}

export type WalletActions = ReturnType<typeof createWalletActions>;
