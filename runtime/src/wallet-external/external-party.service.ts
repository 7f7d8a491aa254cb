import type { ExternalPartyOperations } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import type { InteractiveSubmission } from '../services/interactive-submission.service.ts';
import type { ContractView } from '../wallet/wallet-views.ts';
import type { ExternalPartyBalance } from './external-party-balance.ts';
import type { PrepareSendRequest, TransferCommandSends } from './transfer-command-send.ts';

/** What the validator API's `ExternalPartySubmission` carries (hex signature and key). */
export type ExternalPartySubmission = {
  readonly partyId: string;
  readonly transaction: string;
  readonly signedTxHash: string;
  readonly publicKey: string;
};

/**
 * The validator's administration of external parties as the gateway's routes rely on it
 * (validator-internal.yaml): onboarding a party's topology, its setup proposal and preapproval,
 * its TransferCommands and its balance. Every call requires the validator's admin.
 */
export interface ExternalPartyService {
  generateTopology(
    caller: Caller,
    request: { partyHint: string; publicKey: string },
  ): ReturnType<ExternalPartyOperations['generateValidatorTopology']>;
  submitTopology(
    caller: Caller,
    request: {
      publicKey: string;
      signedTopologyTxs: readonly { topologyTx: string; signedHash: string }[];
    },
  ): ReturnType<ExternalPartyOperations['submitValidatorTopology']>;
  /** The operator pays for the party's preapproval and proposes hosting it; 409 if it has one. */
  createSetupProposal(caller: Caller, user: string): Promise<string>;
  listSetupProposals(caller: Caller): ContractView[];
  /** The party's acceptance of its setup proposal, prepared for it to sign. */
  prepareAccept(
    caller: Caller,
    request: { contractId: string; userPartyId: string; verboseHashing?: boolean | undefined },
  ): {
    transaction: string;
    txHash: string;
    hashingDetails: ReturnType<InteractiveSubmission['prepare']>['hashingDetails'];
  };
  submitAccept(
    caller: Caller,
    submission: ExternalPartySubmission,
  ): Promise<{ transferPreapprovalContractId: string; updateId: string }>;
  /** `transfer-preapproval/prepare-send`: the sender's TransferCommand, to sign. */
  prepareSend(
    caller: Caller,
    request: PrepareSendRequest,
  ): ReturnType<TransferCommandSends['prepareSend']>;
  /** `transfer-preapproval/submit-send`: the signed TransferCommand; the DSO sends it. */
  submitSend(caller: Caller, submission: ExternalPartySubmission): Promise<{ updateId: string }>;
  balance(caller: Caller, party: string): ExternalPartyBalance;
}
