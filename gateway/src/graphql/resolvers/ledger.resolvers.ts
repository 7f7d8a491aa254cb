import type { Caller } from '@pocketnet/runtime';
import { decodeLedgerRequest } from '../../http/decode-body.ts';
import { toSubmission } from '../../ledger-api/to-submission.ts';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import {
  type ContractFilterInput,
  eventFilterOf,
  readersOf,
  type TransactionShapeInput,
  type UpdateFilterInput,
  updateFormatOf,
} from '../graphql-filters.ts';
import { contractOfActive, contractOfEvents } from '../graphql-rows.ts';
import { asInvalidArgument, pageSizeArgument } from '../invalid-input.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type UpdateArgs = { filter?: UpdateFilterInput | null; shape: TransactionShapeInput };
type PageArgs = UpdateArgs & {
  beginExclusive: number;
  endInclusive?: number | null;
  pageSize: number;
  pageToken?: string | null;
};
type UserArgs = { userId: string; identityProviderId?: string | null };
type PartiesArgs = { scope: 'READABLE' | 'ALL'; identityProviderId?: string | null };
type ContractsArgs = { filter?: ContractFilterInput | null; activeAtOffset?: number | null };
type ContractArgs = { contractId: string; parties?: string[] | null };
type AllocateArgs = { partyIdHint?: string | null; identityProviderId?: string | null };

/** Ledger end, users and parties, as the caller may see them; party allocation. */
export function participantResolvers({ services }: ResolverDeps): ResolverMap {
  return {
    Query: {
      ledgerEnd: (_: unknown, __: unknown, ctx: Ctx) => services.reads.ledgerEnd(ctx.caller()),
      me: (_: unknown, __: unknown, ctx: Ctx) => services.admin.authenticatedUser(ctx.caller()),
      user: (_: unknown, args: UserArgs, ctx: Ctx) =>
        services.admin.getUser(ctx.caller(), {
          userId: args.userId,
          identityProviderId: args.identityProviderId ?? '',
        }),
      users: (_: unknown, args: { identityProviderId?: string | null }, ctx: Ctx) =>
        services.admin.listUsers(ctx.caller(), {
          identityProviderId: args.identityProviderId ?? '',
        }).users,
      parties: (_: unknown, args: PartiesArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const readers = args.scope === 'ALL' ? null : readersOf(services, caller, null);
        const identityProviderId = args.identityProviderId ?? '';
        return readers === null
          ? services.admin.listParties(caller, { identityProviderId }).partyDetails
          : services.admin.getParties(caller, { parties: readers, identityProviderId });
      },
    },
    Mutation: {
      allocateParty: (_: unknown, args: AllocateArgs, ctx: Ctx) =>
        services.admin.allocateParty(ctx.caller(), {
          ...(args.partyIdHint == null ? {} : { partyIdHint: args.partyIdHint }),
          ...(args.identityProviderId == null
            ? {}
            : { identityProviderId: args.identityProviderId }),
        }),
    },
  };
}

/** Active contracts, one contract with its archival, and command submission. */
export function contractResolvers({ services }: ResolverDeps): ResolverMap {
  return {
    Query: {
      contracts: (_: unknown, args: ContractsArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const readers = readersOf(services, caller, args.filter?.parties);
        const filter = eventFilterOf(services.catalog, readers, args.filter ?? null);
        const at = args.activeAtOffset ?? services.reads.ledgerEnd(caller);
        return services.reads.activeContracts(caller, filter, at).map(contractOfActive);
      },
      contract: (_: unknown, args: ContractArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const filter = eventFilterOf(
          services.catalog,
          readersOf(services, caller, args.parties),
          null,
        );
        return contractOfEvents(
          services.lookups.eventsByContractId(caller, args.contractId, filter),
        );
      },
    },
    Mutation: {
      submitCommands: async (_: unknown, args: { commands: unknown }, ctx: Ctx) => {
        const body = asInvalidArgument(() => decodeLedgerRequest('JsCommands', args.commands));
        const submission = asInvalidArgument(() => toSubmission(body, services.clock.nowMicros()));
        const record = await services.commands.submitAndWait(ctx.caller(), submission);
        const filter = eventFilterOf(services.catalog, body.actAs, null);
        return { record, transaction: services.views.transaction(record, filter, 'ACS_DELTA') };
      },
    },
  };
}

/** Pages of updates, and one update by id or offset. */
export function updateResolvers({ services }: ResolverDeps): ResolverMap {
  const format = (caller: Caller, args: UpdateArgs) =>
    updateFormatOf(
      services.catalog,
      readersOf(services, caller, args.filter?.parties),
      args.filter ?? null,
      args.shape,
    );
  return {
    Query: {
      updates: (_: unknown, args: PageArgs, ctx: Ctx) =>
        services.reads.updatesPage(ctx.caller(), format(ctx.caller(), args), {
          beginExclusive: args.beginExclusive,
          endInclusive: args.endInclusive ?? null,
          maxPageSize: pageSizeArgument(args.pageSize),
          descending: false,
          pageToken: args.pageToken ?? null,
        }),
      update: (_: unknown, args: UpdateArgs & { updateId: string }, ctx: Ctx) =>
        services.reads.updateById(ctx.caller(), format(ctx.caller(), args), args.updateId),
      updateByOffset: (_: unknown, args: UpdateArgs & { offset: number }, ctx: Ctx) =>
        services.reads.updateByOffset(ctx.caller(), format(ctx.caller(), args), args.offset),
    },
  };
}
