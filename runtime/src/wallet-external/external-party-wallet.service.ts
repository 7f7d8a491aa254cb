import {
  DomainError,
  type ExternalPartyOperations,
  fingerprintOfPublicKey,
  formatTime,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  type Value,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { type Caller, unrestrictedCaller } from '../services/caller.ts';
import type { InteractiveSubmission } from '../services/interactive-submission.service.ts';
import { externalPartySetupProposalTemplate } from '../vocabulary/splice-templates.ts';
import { exerciseOnContract, payloadOf } from '../vocabulary/typed-commands.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import { createdOf, walletBackendUser } from '../wallet/wallet-submitter.ts';
import type { ExternalPartyService, ExternalPartySubmission } from './external-party.service.ts';
import { externalPartyBalance } from './external-party-balance.ts';
import { createSetupProposals } from './setup-proposals.projection.ts';
import { createTransferCommandSends, type PrepareSendRequest } from './transfer-command-send.ts';

const proposalOf = (payload: Value) => payloadOf(externalPartySetupProposalTemplate, payload);

/** How long the preapproval the validator pays for lasts: 90 days, the free base duration. */
const preapprovalLifetimeMicros = 90n * 24n * 3600n * 1_000_000n;

const hexToBase64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

/**
 * The validator app's external-party administration (validator-internal.yaml): onboarding
 * topology signed key by key, the setup proposal the validator pays for and the party accepts
 * by signing, and balances. Every operation is the validator operator's; the transactions the
 * party signs are prepared and executed by the validator's wallet backend user.
 */
export function createExternalPartyWallet(deps: {
  readonly wallet: Wallet;
  readonly interactive: InteractiveSubmission;
  readonly operations: ExternalPartyOperations;
  readonly records$: Observable<JournalRecord>;
  readonly undo: UndoLog;
}) {
  const { wallet, interactive, operations, undo } = deps;
  const proposals = createSetupProposals(deps.records$, undo);
  const sends = createTransferCommandSends(deps);
  // Built once per participant (LocalNet's app validators have their own): their sections say whose.
  const participantId = wallet.network.participantId();
  undo.section(`wallet-external.setup-proposals.${participantId}`, proposals.section);
  undo.section(`wallet-external.transfer-command-sends.${participantId}`, sends.section);
  const admin = (caller: Caller) => wallet.access.requireAdmin(caller);
  // Goes back with a rollback, so that the submissions after it get the same ids.
  const counted = { submissions: 0 };

  const execute = (submission: ExternalPartySubmission): Promise<TransactionRecord> => {
    const submissions = counted.submissions + 1;
    undo.assign(counted, 'submissions', submissions);
    const signedBy = fingerprintOfPublicKey(Buffer.from(submission.publicKey, 'hex'));
    return interactive.executeAndWait(unrestrictedCaller, {
      preparedTransaction: submission.transaction,
      partySignatures: [
        {
          party: submission.partyId,
          signatures: [
            {
              format: 'SIGNATURE_FORMAT_CONCAT',
              signature: hexToBase64(submission.signedTxHash),
              signedBy,
              signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
            },
          ],
        },
      ],
      userId: walletBackendUser,
      submissionId: `external-party-${wallet.network.now()}-${submissions}`,
      deduplicationPeriod: { kind: 'empty' },
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
    });
  };

  const service = {
    /** The active setup proposals, followed on the bus. */
    proposals,
    generateTopology(caller: Caller, request: { partyHint: string; publicKey: string }) {
      admin(caller);
      return operations.generateValidatorTopology(request);
    },
    async submitTopology(
      caller: Caller,
      request: {
        publicKey: string;
        signedTopologyTxs: readonly { topologyTx: string; signedHash: string }[];
      },
    ) {
      admin(caller);
      return operations.submitValidatorTopology(request);
    },
    /** The operator pays for the party's preapproval and proposes hosting it; 409 if it has one. */
    async createSetupProposal(caller: Caller, user: string): Promise<string> {
      admin(caller);
      const operator = wallet.network.operator();
      const pending = proposals
        .ofValidator(operator)
        .some((view) => proposalOf(view.payload).user === user);
      if (pending || wallet.preapprovals.preapprovalOf(user) !== undefined) {
        throw new DomainError(
          'DUPLICATE_CONTRACT_KEY',
          `Party ${user} already has a setup proposal or a TransferPreapproval`,
        );
      }
      const preapprovalExpiresAt = formatTime(wallet.network.now() + preapprovalLifetimeMicros);
      const { outcomes } = await wallet.actions.executeBatch(
        wallet.access.walletOfParty(operator),
        [
          {
            tag: 'CO_CreateExternalPartySetupProposal',
            value: { externalParty: user, preapprovalExpiresAt },
          },
        ],
      );
      return String(outcomes[0]?.value);
    },
    listSetupProposals(caller: Caller) {
      admin(caller);
      return proposals.ofValidator(wallet.network.operator());
    },
    prepareAccept(
      caller: Caller,
      request: { contractId: string; userPartyId: string; verboseHashing?: boolean | undefined },
    ) {
      admin(caller);
      const proposal = proposals.get(request.contractId);
      if (
        proposal === undefined ||
        proposalOf(proposal.createArgument).user !== request.userPartyId
      ) {
        throw new DomainError(
          'CONTRACT_NOT_FOUND',
          `No ExternalPartySetupProposal ${request.contractId} for ${request.userPartyId}`,
        );
      }
      const prepared = interactive.prepare(unrestrictedCaller, {
        userId: walletBackendUser,
        commandId: `external-party-setup-accept-${request.contractId.slice(0, 40)}`,
        commands: [
          exerciseOnContract(
            externalPartySetupProposalTemplate,
            proposal,
            externalPartySetupProposalTemplate.choices.ExternalPartySetupProposal_Accept,
            {},
          ),
        ],
        actAs: [request.userPartyId],
        readAs: [],
        disclosedContracts: [],
        synchronizerId: null,
        minLedgerTimeMicros: null,
        maxRecordTimeMicros: null,
        verboseHashing: request.verboseHashing,
      });
      return {
        transaction: prepared.preparedTransaction,
        txHash: Buffer.from(prepared.preparedTransactionHash, 'base64').toString('hex'),
        hashingDetails: prepared.hashingDetails,
      };
    },
    async submitAccept(caller: Caller, submission: ExternalPartySubmission) {
      admin(caller);
      const record = await execute(submission);
      const [preapproval] = createdOf(record, 'Splice.AmuletRules:TransferPreapproval');
      return {
        transferPreapprovalContractId: preapproval?.contractId ?? '',
        updateId: record.updateId,
      };
    },
    /** `transfer-preapproval/prepare-send`: the sender's TransferCommand, to sign. */
    prepareSend(caller: Caller, request: PrepareSendRequest) {
      admin(caller);
      return sends.prepareSend(request);
    },
    /** `transfer-preapproval/submit-send`: the signed TransferCommand; the DSO sends it. */
    async submitSend(caller: Caller, submission: ExternalPartySubmission) {
      admin(caller);
      sends.requireUnexpired(submission.transaction);
      const record = await execute(submission);
      return { updateId: record.updateId };
    },
    balance(caller: Caller, party: string) {
      admin(caller);
      // As Splice, a party this validator does not host has no wallet here to sum.
      if (!wallet.access.hosts(party)) {
        throw new DomainError('PARTY_NOT_FOUND', `No wallet for external party ${party}`);
      }
      return externalPartyBalance(wallet, party);
    },
    close: () => {
      proposals.close();
      sends.close();
    },
  };
  // The gateway's contract, checked here: the node also closes the service.
  return service satisfies ExternalPartyService;
}
