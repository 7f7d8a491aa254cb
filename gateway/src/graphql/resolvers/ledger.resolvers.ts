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
export function participantResolvers({ node }: ResolverDeps): ResolverMap {
  return {
    Query: {
      ledgerEnd: (_: unknown, __: unknown, ctx: Ctx) => node.reads.ledgerEnd(ctx.caller()),
      me: (_: unknown, __: unknown, ctx: Ctx) => node.admin.authenticatedUser(ctx.caller()),
      user: (_: unknown, args: UserArgs, ctx: Ctx) =>
        node.admin.getUser(ctx.caller(), {
          userId: args.userId,
          identityProviderId: args.identityProviderId ?? '',
        }),
      users: (_: unknown, args: { identityProviderId?: string | null }, ctx: Ctx) =>
        node.admin.listUsers(ctx.caller(), { identityProviderId: args.identityProviderId ?? '' })
          .users,
      parties: (_: unknown, args: PartiesArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const readers = args.scope === 'ALL' ? null : readersOf(node, caller, null);
        const identityProviderId = args.identityProviderId ?? '';
        return readers === null
          ? node.admin.listParties(caller, { identityProviderId }).partyDetails
          : node.admin.getParties(caller, { parties: readers, identityProviderId });
      },
    },
    Mutation: {
      allocateParty: (_: unknown, args: AllocateArgs, ctx: Ctx) =>
        node.admin.allocateParty(ctx.caller(), {
          ...(args.partyIdHint == null ? {} : { partyIdHint: args.partyIdHint }),
          ...(args.identityProviderId == null
            ? {}
            : { identityProviderId: args.identityProviderId }),
        }),
    },
  };
}

/** Active contracts, one contract with its archival, and command submission. */
export function contractResolvers({ node }: ResolverDeps): ResolverMap {
  return {
    Query: {
      contracts: (_: unknown, args: ContractsArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const readers = readersOf(node, caller, args.filter?.parties);
        const filter = eventFilterOf(node.catalog, readers, args.filter ?? null);
        const at = args.activeAtOffset ?? node.reads.ledgerEnd(caller);
        return node.reads.activeContracts(caller, filter, at).map(contractOfActive);
      },
      contract: (_: unknown, args: ContractArgs, ctx: Ctx) => {
        const caller = ctx.caller();
        const filter = eventFilterOf(node.catalog, readersOf(node, caller, args.parties), null);
        return contractOfEvents(node.lookups.eventsByContractId(caller, args.contractId, filter));
      },
    },
    Mutation: {
      submitCommands: async (_: unknown, args: { commands: unknown }, ctx: Ctx) => {
        const body = asInvalidArgument(() => decodeLedgerRequest('JsCommands', args.commands));
        const submission = asInvalidArgument(() => toSubmission(body, node.clock.nowMicros()));
        const record = await node.commands.submitAndWait(ctx.caller(), submission);
        const filter = eventFilterOf(node.catalog, body.actAs, null);
        return { record, transaction: node.views.transaction(record, filter, 'ACS_DELTA') };
      },
    },
  };
}

/** Pages of updates, and one update by id or offset. */
export function updateResolvers({ node }: ResolverDeps): ResolverMap {
  const format = (caller: Caller, args: UpdateArgs) =>
    updateFormatOf(
      node.catalog,
      readersOf(node, caller, args.filter?.parties),
      args.filter ?? null,
      args.shape,
    );
  return {
    Query: {
      updates: (_: unknown, args: PageArgs, ctx: Ctx) =>
        node.reads.updatesPage(ctx.caller(), format(ctx.caller(), args), {
          beginExclusive: args.beginExclusive,
          endInclusive: args.endInclusive ?? null,
          maxPageSize: pageSizeArgument(args.pageSize),
          descending: false,
          pageToken: args.pageToken ?? null,
        }),
      update: (_: unknown, args: UpdateArgs & { updateId: string }, ctx: Ctx) =>
        node.reads.updateById(ctx.caller(), format(ctx.caller(), args), args.updateId),
      updateByOffset: (_: unknown, args: UpdateArgs & { offset: number }, ctx: Ctx) =>
        node.reads.updateByOffset(ctx.caller(), format(ctx.caller(), args), args.offset),
    },
  };
}
