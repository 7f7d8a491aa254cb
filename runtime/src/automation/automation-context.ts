import {
  type Command,
  type CreatedNode,
  parseTime,
  sha256Hex,
  type TransactionRecord,
} from '@pocketnet/ledger';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { roundTemplates, walletInstall } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet } from '../wallet/wallet-access.ts';
import type { AutomationIndex } from './automation-index.ts';
import type { AutomationWallet } from './automation-wallet.ts';

/** What every automation service is built from. */
export type AutomationDeps = {
  readonly core: PocketnetNodeCore;
  readonly wallet: AutomationWallet;
  readonly index: AutomationIndex;
};

/** A mining round's payload (every phase carries `round` and the open ones `opensAt`). */
const openRoundOf = (round: CreatedNode) =>
  payloadOf(roundTemplates.OpenMiningRound, round.createArgument);
const roundOf = (round: CreatedNode) => BigInt(openRoundOf(round).round.number);

/** Shared reads and writes of the automations: wallets, rounds, and commands with job ids. */
export function createAutomationContext(deps: AutomationDeps) {
  const { core, wallet, index } = deps;
  const now = () => core.clock.nowMicros();
  const operator = () => wallet.network.operator();
  const opened = (kind: 'openMiningRound' | 'issuingMiningRound') =>
    index
      .active(kind)
      .filter((round) => (parseTime(openRoundOf(round).opensAt) ?? now() + 1n) <= now())
      .sort((a, b) => (roundOf(a) < roundOf(b) ? -1 : 1));
  /** The installs this validator holds for its users (the operator's own among them). */
  const installs = () =>
    wallet.contracts
      .of(operator(), 'walletAppInstall')
      .map((install) => payloadOf(walletInstall.WalletAppInstall, install.node.createArgument))
      .filter((install) => install.validatorParty === operator());
  return {
    ...deps,
    now,
    operator,
    dso: () => wallet.network.dso(),
    hasNetwork: () => core.devnetParties() !== null,
    walletParties: () => installs().map((install) => install.endUserParty),
    walletOf: (party: string): UserWallet => wallet.access.walletOfParty(party),
    /** What `party` holds, as a key: a job that waits on its holdings is named by it. */
    holdingsKey: (party: string) =>
      keyOfInputs(wallet.contracts.of(party, 'amulet').map((amulet) => amulet.node.contractId)),
    openedRounds: () => opened('openMiningRound'),
    issuingRounds: () => opened('issuingMiningRound'),
    roundOf,
    /** A command (exerciseOf) as `actAs`, reading as the DSO, with a command id. */
    exerciseAs(
      actAs: readonly string[],
      command: Command,
      commandId: string,
    ): Promise<TransactionRecord> {
      return wallet.submit({
        actAs,
        readAs: [wallet.network.dso()],
        commands: [command],
        deduplicationKey: commandId,
      });
    },
  };
}

export type AutomationContext = ReturnType<typeof createAutomationContext>;

/** A short stable key of a set of contract ids: the step of a job that consumes exactly them. */
export const keyOfInputs = (contractIds: readonly string[]) =>
  sha256Hex([...contractIds].sort()).slice(0, 20);
