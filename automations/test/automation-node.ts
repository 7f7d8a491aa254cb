import { createSimulatedClock, parseNumeric } from '@pocketnet/ledger';
import {
  type Caller,
  createNode,
  defaultDevnetConfig,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { packageCacheUnderTest, spliceDarsUnderTest } from '@pocketnet/runtime/testing';
import { pino } from 'pino';
import type { AutomationConfigInput } from '../src/config/automation-config.schema.ts';
import { parseAutomationConfig } from '../src/config/load-automation-config.ts';
import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import type { JobRunner } from '../src/queue/job-types.ts';
import { type Automations, startAutomations } from '../src/start-automations.ts';

export const start = 1_767_225_600_000_000n; // 2026-01-01T00:00:00Z
export const tickMicros = defaultDevnetConfig.tickMicros;

export type AutomationNode = {
  readonly node: PocketnetNode;
  readonly automations: Automations;
  readonly runner: JobRunner;
  /** Moves the devnet's time forward; returns once everything due ran and its jobs finished. */
  advance(micros: bigint): Promise<void>;
  /** Runs what is due now and waits for every job it triggered. */
  settle(): Promise<void>;
  onboard(name: string): Promise<string>;
  userCaller(name: string): Caller;
  tap(name: string | null, amountUsd: string): Promise<void>;
  /** The initial amounts of a party's amulets (Numeric 10 units), oldest first. */
  amulets(party: string): bigint[];
  /** Unlocked balance net of holding fees, Numeric 10 units. */
  balance(party: string): bigint;
  operator(): string;
  close(): Promise<void>;
};

/** A real devnet node on a simulated clock with the automations running on `runner`. */
export async function startAutomationNode(
  options: {
    config?: AutomationConfigInput;
    /** Runs before the automations start (onboarding users), and may answer the config. */
    prepare?: (node: PocketnetNode) => Promise<AutomationConfigInput | undefined>;
    runner?: JobRunner;
  } = {},
): Promise<AutomationNode> {
  const spliceDars = spliceDarsUnderTest();
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(start),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
    ...(spliceDars ? { spliceDars } : {}),
    packageCache: packageCacheUnderTest,
  });
  const runner = options.runner ?? createInProcessRunner();
  const prepared = options.prepare ? await options.prepare(node) : undefined;
  const automations = startAutomations({
    node,
    config: parseAutomationConfig(prepared ?? options.config ?? {}),
    runner,
    logger: pino({ level: 'silent' }),
  });
  const devnet = node.devnet;
  if (!devnet) throw new Error('the test node has no devnet');
  const userCaller = (name: string): Caller => ({
    kind: 'user',
    userId: name,
    identityProviderId: '',
  });
  const amulets = (party: string) =>
    node.wallet.contracts
      .of(party, 'amulet')
      .map((amulet) =>
        parseNumeric(
          (amulet.node.createArgument.amount as { initialAmount: string }).initialAmount,
        ),
      );
  const balance = (party: string) => {
    const { effectiveUnlockedQty, totalHoldingFees } = node.wallet.balances.balanceOf(party);
    return parseNumeric(effectiveUnlockedQty) - parseNumeric(totalHoldingFees);
  };
  const settle = async () => {
    await devnet.controls.advanceTime(unrestrictedCaller, 0n);
    await automations.settled();
  };
  return {
    node,
    automations,
    runner,
    advance: async (micros) => {
      await devnet.controls.advanceTime(unrestrictedCaller, micros);
      await automations.settled();
    },
    settle,
    onboard: (name) => onboard(node, name),
    userCaller,
    async tap(name, amountUsd) {
      await node.wallet.balances.tap(name === null ? unrestrictedCaller : userCaller(name), {
        amountUsd,
      });
    },
    amulets,
    balance,
    operator: () => devnet.parties.validatorOperator,
    async close() {
      await automations.close();
      await node.close();
    },
  };
}

export const onboard = (node: PocketnetNode, name: string) =>
  node.wallet.onboarding.onboardUser(unrestrictedCaller, { name });

/** A decimal as Numeric 10 units. */
export const units = (decimal: string) => parseNumeric(decimal);

const scale = 10n ** 10n;
/** Numeric 10 product and quotient, truncated as Daml rounds them at scale 10 (close enough). */
export const times = (left: bigint, right: bigint) => (left * right) / scale;
export const dividedBy = (left: bigint, right: bigint) => (left * scale) / right;
