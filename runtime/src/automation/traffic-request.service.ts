import { parseTime } from '@pocketnet/ledger';
import { buyTrafficRequestTemplate, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';
import { invalidTransferReason } from './invalid-transfer.ts';

/**
 * Completion of BuyTrafficRequests: a wallet user asked for traffic for some validator, and
 * the user's wallet pays for it (CO_CompleteBuyTrafficRequest) while the request is valid, or
 * rejects it with the reason it cannot (out of funds).
 */
const requestOf = (request: WalletContract) =>
  payloadOf(buyTrafficRequestTemplate, request.node.createArgument);

export function createTrafficRequests(context: AutomationContext) {
  const { wallet } = context;
  const requests = () =>
    context
      .walletParties()
      .flatMap((party) =>
        wallet.contracts
          .of(party, 'buyTrafficRequest')
          .filter((request) => requestOf(request).endUserParty === party),
      );
  return {
    /** Open requests of this validator's users that have not expired. */
    pending(): string[] {
      if (!context.hasNetwork()) return [];
      return requests()
        .filter((request) => (parseTime(requestOf(request).expiresAt) ?? 0n) > context.now())
        .map((request) => request.node.contractId);
    },
    async complete(requestCid: string, jobId: string): Promise<AutomationOutcome> {
      const request = wallet.contracts.get(requestCid);
      if (request?.kind !== 'buyTrafficRequest')
        return stale(`the traffic request ${requestCid} is gone`);
      const { endUserParty, trafficAmount: bytes, memberId: member } = requestOf(request);
      const payer = context.walletOf(endUserParty);
      try {
        return await effectOnce(
          () =>
            wallet.actions.executeBatch(
              payer,
              [{ tag: 'CO_CompleteBuyTrafficRequest', value: { trafficRequestCid: requestCid } }],
              { deduplicationKey: commandIdOf(jobId) },
            ),
          `bought ${bytes} bytes for ${member}`,
        );
      } catch (error) {
        // As Splice's trigger does: a request the wallet cannot pay (or that can never succeed)
        // is rejected with the reason, not left open until it expires.
        const reason = invalidTransferReason(error);
        if (reason === null) throw error;
        return effectOnce(
          () =>
            wallet.actions.installChoice(
              payer,
              walletInstallChoices.WalletAppInstall_BuyTrafficRequest_Cancel,
              { requestCid, reason },
              commandIdOf(jobId, 'reject'),
            ),
          `rejected the request for ${bytes} bytes for ${member}: ${reason}`,
        );
      }
    },
  };
}
