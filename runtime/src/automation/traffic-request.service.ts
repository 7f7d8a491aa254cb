import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';
import { microsAt, textAt } from './automation-values.ts';

/**
 * Completion of BuyTrafficRequests: a wallet user asked for traffic for some validator, and
 * the user's wallet pays for it (CO_CompleteBuyTrafficRequest) while the request is valid.
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
      return effectOnce(
        () =>
          wallet.actions.executeBatch(
            context.walletOf(party),
            [{ tag: 'CO_CompleteBuyTrafficRequest', value: { trafficRequestCid: requestCid } }],
            { deduplicationKey: commandIdOf(jobId) },
          ),
        `bought ${textAt(request.node.createArgument, 'trafficAmount')} bytes for ${textAt(request.node.createArgument, 'memberId')}`,
      );
    },
  };
}

export type TrafficRequests = ReturnType<typeof createTrafficRequests>;
