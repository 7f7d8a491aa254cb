import {
  type CreatedNode,
  DomainError,
  decodePreparedTransaction,
  encodeContractBlob,
  formatNumeric,
  formatTime,
  type JournalRecord,
  parseNumeric,
  type StateSection,
  type UndoLog,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { unrestrictedCaller } from '../services/caller.ts';
import type { InteractiveSubmission } from '../services/interactive-submission.service.ts';
import { externalPartyAmuletRulesTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOnContract } from '../vocabulary/typed-commands.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import { createdIn, createRestoreOnUse, type NodeAt } from '../wallet/saved-contracts.ts';
import { walletBackendUser } from '../wallet/wallet-submitter.ts';

const { ExternalPartyAmuletRules } = externalPartyAmuletRulesTemplates;

const rulesName = 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules';
const isRules = (node: CreatedNode) =>
  node.packageName === 'splice-amulet' && node.templateId.endsWith(`:${rulesName}`);

const createsOf = (transaction: string) =>
  (decodePreparedTransaction(Buffer.from(transaction, 'base64'))?.transaction?.nodes ?? [])
    .map((node) => node.v1?.create)
    .filter((create) => create !== undefined);

/** The contract id (its prefix) of the prepared transaction's one create. */
const createdContractIdOf = (transaction: string): string =>
  createsOf(transaction)[0]?.contractId ?? '';

/** The expiry (microseconds) of each TransferCommand the prepared transaction creates. */
const commandExpiriesOf = (transaction: string): bigint[] =>
  createsOf(transaction)
    .filter((create) => create.templateId?.entityName === 'TransferCommand')
    .flatMap((create) => create.argument?.record?.fields ?? [])
    .filter((field) => field.label === 'expiresAt' && field.value?.timestamp !== undefined)
    .map((field) => BigInt(field.value?.timestamp ?? '0'));

/**
 * The sends' state section: where the network's active ExternalPartyAmuletRules was created, or
 * null. The count of sends prepared is left out: a restart begins it again too.
 */
export type SavedTransferCommandSends = { readonly rules: NodeAt | null };

/** What `prepare-send` asks for (validator-internal.yaml PrepareTransferPreapprovalSendRequest). */
export type PrepareSendRequest = {
  readonly senderPartyId: string;
  readonly receiverPartyId: string;
  /** A decimal amount, as the request's JSON number read it. */
  readonly amount: string;
  /** Microseconds since the epoch. */
  readonly expiresAtMicros: bigint;
  readonly nonce: bigint;
  readonly verboseHashing?: boolean | undefined;
};

/**
 * The deprecated external-party send: the sender signs an
 * ExternalPartyAmuletRules_CreateTransferCommand with the DSO as delegate (the rules disclosed,
 * since only the DSO sees them); the DSO's automation then sends the TransferCommand.
 */
export function createTransferCommandSends(deps: {
  readonly wallet: Wallet;
  readonly interactive: InteractiveSubmission;
  readonly records$: Observable<JournalRecord>;
  readonly undo: UndoLog;
}) {
  const { wallet, interactive, undo } = deps;
  const state: {
    rules: { node: CreatedNode; synchronizerId: string; offset: number } | null;
    /** Goes back with a rollback, so that the commands after it get the same ids. */
    prepared: number;
  } = { rules: null, prepared: 0 };
  const restored = createRestoreOnUse<SavedTransferCommandSends>(undo, (saved, transactions) => {
    if (saved.rules === null) return;
    const { record, node } = createdIn(transactions, saved.rules);
    undo.assign(state, 'rules', {
      node,
      synchronizerId: record.synchronizerId,
      offset: record.offset,
    });
  });
  const section: StateSection<SavedTransferCommandSends> = {
    save: () =>
      restored.saved() ?? {
        rules: state.rules && [state.rules.offset, state.rules.node.nodeId],
      },
    restore: restored.restore,
  };
  const subscription = deps.records$.subscribe((record) => {
    restored.ensure();
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      if (node.kind === 'created' && isRules(node)) {
        const { synchronizerId, offset } = record;
        undo.assign(state, 'rules', { node, synchronizerId, offset });
      } else if (
        node.kind === 'exercised' &&
        node.consuming &&
        node.contractId === state.rules?.node.contractId
      ) {
        undo.assign(state, 'rules', null);
      }
    }
  });
  return {
    prepareSend(request: PrepareSendRequest) {
      restored.ensure();
      const current = state.rules;
      if (current === null) {
        throw new DomainError('CONTRACT_NOT_FOUND', 'The network has no ExternalPartyAmuletRules');
      }
      const amount = parseNumeric(request.amount);
      if (amount === null || amount <= 0n) {
        throw new DomainError('INVALID_ARGUMENT', `amount must be positive, got ${request.amount}`);
      }
      const dso = wallet.network.dso();
      const prepared = state.prepared + 1;
      undo.assign(state, 'prepared', prepared);
      const result = interactive.prepare(unrestrictedCaller, {
        userId: walletBackendUser,
        commandId: `external-party-transfer-command-${request.nonce}-${wallet.network.now()}-${prepared}`,
        commands: [
          exerciseOnContract(
            ExternalPartyAmuletRules,
            current.node,
            ExternalPartyAmuletRules.choices.ExternalPartyAmuletRules_CreateTransferCommand,
            {
              sender: request.senderPartyId,
              receiver: request.receiverPartyId,
              delegate: dso,
              amount: formatNumeric(amount),
              expiresAt: formatTime(request.expiresAtMicros),
              nonce: request.nonce.toString(),
              description: null,
              expectedDso: dso,
            },
          ),
        ],
        actAs: [request.senderPartyId],
        readAs: [],
        disclosedContracts: [
          {
            templateId: current.node.templateId,
            contractId: current.node.contractId,
            createdEventBlob: encodeContractBlob(current.node),
            synchronizerId: current.synchronizerId,
          },
        ],
        synchronizerId: null,
        minLedgerTimeMicros: null,
        maxRecordTimeMicros: null,
        verboseHashing: request.verboseHashing,
      });
      return {
        transaction: result.preparedTransaction,
        txHash: Buffer.from(result.preparedTransactionHash, 'base64').toString('hex'),
        transferCommandContractIdPrefix: createdContractIdOf(result.preparedTransaction),
        hashingDetails: result.hashingDetails,
      };
    },
    /**
     * Refuses a signed TransferCommand whose expiry has passed by now. The choice that creates
     * it checks `expiresAt` against the ledger time with Daml's assertWithinDeadline, which
     * Canton turns into a bound on the ledger time the execution may take; this node executes
     * at the preparation's ledger time, so the bound is enforced here, before anything commits.
     */
    requireUnexpired(transaction: string): void {
      const now = wallet.network.now();
      const expired = commandExpiriesOf(transaction).find((expiresAt) => expiresAt <= now);
      if (expired === undefined) return;
      throw new DomainError(
        'DAML_INTERPRETATION_ERROR',
        `ExternalPartyAmuletRules_CreateTransferCommand.expiresAt (${formatTime(expired)}) has already passed (now ${formatTime(now)}): the TransferCommand was signed too late`,
      );
    },
    /** What a state file saves of the sends, registered under their participant. */
    section,
    close: () => subscription.unsubscribe(),
  };
}

export type TransferCommandSends = ReturnType<typeof createTransferCommandSends>;
