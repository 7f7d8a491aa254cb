import {
  type CreatedNode,
  DomainError,
  decodePreparedTransaction,
  encodeContractBlob,
  formatNumeric,
  formatTime,
  type JournalRecord,
  parseNumeric,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { unrestrictedCaller } from '../services/caller.ts';
import type { InteractiveSubmission } from '../services/interactive-submission.service.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import { exercise, walletBackendUser } from '../wallet/wallet-submitter.ts';

const rulesName = 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules';
const isRules = (node: CreatedNode) =>
  node.packageName === 'splice-amulet' && node.templateId.endsWith(`:${rulesName}`);

/** The contract id (its prefix) of the prepared transaction's one create. */
const createdContractIdOf = (transaction: string): string =>
  decodePreparedTransaction(Buffer.from(transaction, 'base64'))?.transaction?.nodes?.find(
    (node) => node.v1?.create !== undefined,
  )?.v1?.create?.contractId ?? '';

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
}) {
  const { wallet, interactive } = deps;
  let rules: { node: CreatedNode; synchronizerId: string } | null = null;
  const subscription = deps.records$.subscribe((record) => {
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      if (node.kind === 'created' && isRules(node)) {
        rules = { node, synchronizerId: record.synchronizerId };
      } else if (
        node.kind === 'exercised' &&
        node.consuming &&
        node.contractId === rules?.node.contractId
      ) {
        rules = null;
      }
    }
  });
  let prepared = 0;
  return {
    prepareSend(request: PrepareSendRequest) {
      const current = rules;
      if (current === null) {
        throw new DomainError('CONTRACT_NOT_FOUND', 'The network has no ExternalPartyAmuletRules');
      }
      const amount = parseNumeric(request.amount);
      if (amount === null || amount <= 0n) {
        throw new DomainError('INVALID_ARGUMENT', `amount must be positive, got ${request.amount}`);
      }
      const dso = wallet.network.dso();
      prepared += 1;
      const result = interactive.prepare(unrestrictedCaller, {
        userId: walletBackendUser,
        commandId: `external-party-transfer-command-${request.nonce}-${wallet.network.now()}-${prepared}`,
        commands: [
          exercise(
            current.node.templateId,
            current.node.contractId,
            'ExternalPartyAmuletRules_CreateTransferCommand',
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
    close: () => subscription.unsubscribe(),
  };
}

export type TransferCommandSends = ReturnType<typeof createTransferCommandSends>;
