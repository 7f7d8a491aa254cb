import { DomainError } from '@pocketnet/ledger';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { microsOfTimestamp } from '../graphql-time.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type TransferInput = {
  receiver: string;
  amount: string;
  description: string;
  expiresAt: string;
  trackingId: string;
};
type SendInput = {
  receiver: string;
  amount: string;
  deduplicationId: string;
  description?: string | null;
};
type TrafficInput = {
  receivingValidatorParty: string;
  synchronizerId: string;
  trafficAmount: string;
  expiresAt: string;
  trackingId: string;
};
type OnboardArgs = { name: string; partyId?: string | null; createPartyIfMissing?: boolean | null };
type ById = { contractId: string };

const transferOf = ({ expiresAt, ...input }: TransferInput) => ({
  ...input,
  expiresAtMicros: microsOfTimestamp(expiresAt),
});

const done = async (action: Promise<unknown>) => {
  await action;
  return true;
};

function bytesOf(amount: string): bigint {
  if (!/^\d+$/.test(amount)) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `trafficAmount is a whole number of bytes, not ${amount}`,
    );
  }
  return BigInt(amount);
}

const trafficRequestOf = (input: TrafficInput) => ({
  receivingValidatorParty: input.receivingValidatorParty,
  synchronizerId: input.synchronizerId,
  trafficAmount: bytesOf(input.trafficAmount),
  trackingId: input.trackingId,
  expiresAtMicros: microsOfTimestamp(input.expiresAt),
});

/** Transfer offers and token-standard transfers: create, accept, reject, withdraw. */
export function transferMutationResolvers({ services }: ResolverDeps): ResolverMap {
  const { offers, tokenTransfers } = services.wallet;
  return {
    Mutation: {
      createTransferOffer: async (_: unknown, args: { input: TransferInput }, ctx: Ctx) =>
        (await offers.create(ctx.caller(), transferOf(args.input))).offerContractId,
      acceptTransferOffer: async (_: unknown, args: ById, ctx: Ctx) =>
        (await offers.accept(ctx.caller(), args.contractId)).acceptedOfferContractId,
      rejectTransferOffer: (_: unknown, args: ById, ctx: Ctx) =>
        done(offers.reject(ctx.caller(), args.contractId)),
      withdrawTransferOffer: (_: unknown, args: ById, ctx: Ctx) =>
        done(offers.withdraw(ctx.caller(), args.contractId)),
      createTransferInstruction: (_: unknown, args: { input: TransferInput }, ctx: Ctx) =>
        tokenTransfers.create(ctx.caller(), transferOf(args.input)),
      acceptTransferInstruction: (_: unknown, args: ById, ctx: Ctx) =>
        tokenTransfers.accept(ctx.caller(), args.contractId),
      rejectTransferInstruction: (_: unknown, args: ById, ctx: Ctx) =>
        tokenTransfers.reject(ctx.caller(), args.contractId),
      withdrawTransferInstruction: (_: unknown, args: ById, ctx: Ctx) =>
        tokenTransfers.withdraw(ctx.caller(), args.contractId),
    },
  };
}

/** The faucet, preapprovals, traffic purchases and onboarding. */
export function walletMutationResolvers({ services }: ResolverDeps): ResolverMap {
  const { wallet } = services;
  return {
    Mutation: {
      tap: async (_: unknown, args: { amountUsd: string; commandId?: string | null }, ctx: Ctx) => {
        const request = { amountUsd: args.amountUsd, commandId: args.commandId ?? undefined };
        return (await wallet.balances.tap(ctx.caller(), request)).contractId;
      },
      createTransferPreapproval: async (_: unknown, __: unknown, ctx: Ctx) =>
        (await wallet.preapprovals.createOwn(ctx.caller())).contractId,
      sendViaPreapproval: (_: unknown, { input }: { input: SendInput }, ctx: Ctx) =>
        done(
          wallet.preapprovals.send(ctx.caller(), {
            ...input,
            description: input.description ?? undefined,
          }),
        ),
      buyTraffic: async (_: unknown, { input }: { input: TrafficInput }, ctx: Ctx) =>
        (await wallet.traffic.create(ctx.caller(), trafficRequestOf(input))).requestContractId,
      onboardUser: (_: unknown, args: OnboardArgs, ctx: Ctx) =>
        wallet.onboarding.onboardUser(ctx.caller(), {
          name: args.name,
          partyId: args.partyId ?? undefined,
          createPartyIfMissing: args.createPartyIfMissing ?? undefined,
        }),
      registerWallet: (_: unknown, __: unknown, ctx: Ctx) =>
        wallet.onboarding.register(ctx.caller()),
    },
  };
}
