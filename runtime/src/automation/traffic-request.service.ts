import { walletInstallChoices } from '../vocabulary/splice-templates.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';
import { microsAt, textAt } from './automation-values.ts';
import { invalidTransferReason } from './invalid-transfer.ts';

/**
 * Completion of BuyTrafficRequests: a wallet user asked for traffic for some validator, and
 * the user's wallet pays for it (CO_CompleteBuyTrafficRequest) while the request is valid, or
 * rejects it with the reason it cannot (out of funds).
 */
export function createTrafficRequests(context: AutomationContext) {
  const { wallet } = context;
  const requests = () =>
    context
      .walletParties()
      .flatMap((party) =>
        wallet.contracts
          .of(party, 'buyTrafficRequest')
          .filter((request) => request.node.createArgument.endUserParty === party),
      );
  return {
    /** Open requests of this validator's users that have not expired. */
    pending(): string[] {
      if (!context.hasNetwork()) return [];
      return requests()
        .filter(
          (request) => (microsAt(request.node.createArgument, 'expiresAt') ?? 0n) > context.now(),
        )
        .map((request) => request.node.contractId);
    },
    async complete(requestCid: string, jobId: string): Promise<AutomationOutcome> {
      const request = wallet.contracts.get(requestCid);
      if (request?.kind !== 'buyTrafficRequest')
        return stale(`the traffic request ${requestCid} is gone`);
      const party = textAt(request.node.createArgument, 'endUserParty');
      const payer = context.walletOf(party);
      const bytes = textAt(request.node.createArgument, 'trafficAmount');
      const member = textAt(request.node.createArgument, 'memberId');
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
