import type { PocketnetNode } from '@pocketnet/runtime';
import {
  renderBuyTrafficRequestStatus,
  renderTransferOfferStatus,
} from '../../validator/tracking-status.render.ts';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import type { ContractRow } from '../graphql-rows.ts';
import { pageSizeArgument } from '../invalid-input.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type Wallet = PocketnetNode['wallet'];
type UserWallet = ReturnType<Wallet['access']['walletOf']>;
type WalletContract = NonNullable<ReturnType<Wallet['contracts']['get']>>;
type WalletTemplate = WalletContract['kind'];

/** A contract of the wallet's store as its owner reads it. */
const contractOfWallet =
  (party: string) =>
  (contract: WalletContract): ContractRow => ({
    event: {
      kind: 'created',
      node: contract.node,
      witnessParties: [party],
      acsDelta: true,
      includeCreatedEventBlob: false,
      interfaceViews: [],
    },
    offset: contract.offset,
    synchronizerId: contract.synchronizerId,
  });

/** A tracked workflow's status, with the wallet-external API's body of it. */
const trackingStatus = <TStatus extends { readonly status: string }>(
  status: TStatus | undefined,
  render: (status: TStatus) => unknown,
) => (status === undefined ? null : { status: status.status, body: render(status) });

/** The caller's wallet and what it holds; each list is read for the wallet's own party. */
export function walletResolvers({ services }: ResolverDeps): ResolverMap {
  const { wallet } = services;
  const contractsOf = (kind: WalletTemplate) => (owner: UserWallet) =>
    wallet.contracts.of(owner.party, kind).map(contractOfWallet(owner.party));
  return {
    Query: {
      wallet: (_: unknown, __: unknown, ctx: Ctx) => wallet.access.walletOf(ctx.caller()),
      walletUserStatus: (_: unknown, __: unknown, ctx: Ctx) => wallet.userStatus(ctx.caller()),
      walletUsers: (_: unknown, __: unknown, ctx: Ctx) => wallet.onboarding.listUsers(ctx.caller()),
    },
    Wallet: {
      balance: (_: UserWallet, __: unknown, ctx: Ctx) => wallet.balances.balance(ctx.caller()),
      holdings: (_: UserWallet, __: unknown, ctx: Ctx) => wallet.balances.amulets(ctx.caller()),
      history: (
        _: UserWallet,
        args: { pageSize: number; beginAfterId?: string | null },
        ctx: Ctx,
      ) =>
        wallet.transactions(ctx.caller(), {
          pageSize: pageSizeArgument(args.pageSize),
          ...(args.beginAfterId == null ? {} : { beginAfterId: args.beginAfterId }),
        }),
      transferOffers: contractsOf('transferOffer'),
      acceptedTransferOffers: contractsOf('acceptedTransferOffer'),
      transferInstructions: contractsOf('transferInstruction'),
      preapproval: (owner: UserWallet) => {
        const found = wallet.preapprovals.preapprovalOf(owner.party);
        return found === undefined ? null : contractOfWallet(owner.party)(found);
      },
      mergeDelegations: contractsOf('mergeDelegation'),
      mergeDelegationProposals: contractsOf('mergeDelegationProposal'),
      trafficRequests: contractsOf('buyTrafficRequest'),
      transferOfferStatus: (_: UserWallet, args: { trackingId: string }, ctx: Ctx) =>
        trackingStatus(
          wallet.offers.status(ctx.caller(), args.trackingId),
          renderTransferOfferStatus,
        ),
      trafficRequestStatus: (_: UserWallet, args: { trackingId: string }, ctx: Ctx) =>
        trackingStatus(
          wallet.traffic.status(ctx.caller(), args.trackingId),
          renderBuyTrafficRequestStatus,
        ),
    },
  };
}
