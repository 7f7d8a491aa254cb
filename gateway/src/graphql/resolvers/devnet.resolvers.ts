import { DomainError } from '@pocketnet/ledger';
import type { Reverted, Snapshot } from '@pocketnet/runtime';
import { advanceTimeRequestSchema, revertRequestSchema } from '@pocketnet/schema';
import { requireTimeMachine } from '../../devnet/require-time-machine.ts';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { parseArgument } from '../invalid-input.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type DevnetTime = { readonly micros: bigint; readonly time: string };

const microsOfSeconds = (seconds: number) => BigInt(Math.round(seconds * 1_000_000));

/** The devnet's time machine, for participant admins of a devnet. */
export function devnetResolvers({
  services,
  timeMachine,
  devnetControls,
}: ResolverDeps): ResolverMap {
  const servedHere = () => {
    if (devnetControls === false) {
      throw new DomainError(
        'PERMISSION_DENIED',
        "The synchronizer's time, rounds and snapshots are controlled at the SV's validator, not an app validator's",
      );
    }
  };
  const machine = () => {
    servedHere();
    return requireTimeMachine(timeMachine);
  };
  const controls = () => {
    servedHere();
    if (!services.devnet) {
      throw new DomainError('PERMISSION_DENIED', 'This node is not a devnet');
    }
    return services.devnet.controls;
  };
  return {
    Query: {
      devnetTime: (_: unknown, __: unknown, ctx: Ctx) => controls().now(ctx.caller()),
    },
    Mutation: {
      advanceTime: (_: unknown, args: { seconds: number }, ctx: Ctx) => {
        const { seconds } = parseArgument(advanceTimeRequestSchema, args);
        return controls().advanceTime(ctx.caller(), microsOfSeconds(seconds));
      },
      advanceRounds: (_: unknown, args: { count: number }, ctx: Ctx) =>
        controls().advanceRounds(ctx.caller(), args.count),
      setAmuletPrice: async (_: unknown, args: { price: string }, ctx: Ctx) =>
        (await controls().setAmuletPrice(ctx.caller(), args.price)).amuletPrice,
      snapshot: (_: unknown, __: unknown, ctx: Ctx) => machine().snapshot(ctx.caller()),
      revert: (_: unknown, args: { id: string }, ctx: Ctx) =>
        machine().revert(ctx.caller(), parseArgument(revertRequestSchema, args).id),
      reset: (_: unknown, __: unknown, ctx: Ctx) => machine().reset(ctx.caller()),
    },
    DevnetTime: { micros: (now: DevnetTime) => now.micros.toString() },
    DevnetSnapshot: { micros: (snapshot: Snapshot) => snapshot.clockMicros.toString() },
    DevnetReverted: {
      time: (reverted: Reverted) => reverted.now,
      micros: (reverted: Reverted) => reverted.nowMicros.toString(),
    },
  };
}
