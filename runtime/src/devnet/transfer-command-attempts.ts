import { type CreatedNode, type UndoLog, undoableMap, undoableSet } from '@pocketnet/ledger';
import { externalPartyAmuletRulesTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { Wallet } from '../wallet/create-wallet.ts';

/**
 * What the DSO's automation remembers of TransferCommand_Send attempts that failed. As in
 * Splice, a send that aborts (the sender's amulets do not cover the amount, say) leaves the
 * command active and its nonce unspent: the SV trigger tries it again, and the expiry trigger
 * archives it once `expiresAt` has passed. Trying again can only turn out otherwise once what
 * the send reads has changed, so a failed command waits for that (its sender's amulets, the
 * receiver's preapproval, the sender's counter or the open round) rather than being retried
 * on every pass, and its expiry is still due.
 */
export function createSendAttempts(wallet: Wallet, undo: UndoLog) {
  /** Per failed command: what its send read when it failed. */
  const failed = undoableMap<string, string>(undo);
  /** Commands whose expiry failed: not due again, so that the schedule cannot spin on them. */
  const stuck = undoableSet<string>(undo);

  const inputsOf = (command: CreatedNode, counterId: string | undefined): string => {
    const { sender, receiver } = payloadOf(
      externalPartyAmuletRulesTemplates.TransferCommand,
      command.createArgument,
    );
    const amulets = wallet.contracts
      .of(sender, 'amulet')
      .map((amulet) => amulet.node.contractId)
      .sort();
    const preapproval = wallet.preapprovals.preapprovalOf(receiver)?.node.contractId;
    let round = '';
    try {
      round = wallet.network.openRound().contractId;
    } catch {
      // No round open: a later one is a change worth trying again for.
    }
    return JSON.stringify([amulets, preapproval ?? null, counterId ?? null, round]);
  };

  return {
    /** Whether a send of the command may be tried: never failed, or its inputs changed since. */
    mayTry(command: CreatedNode, counterId: string | undefined): boolean {
      const before = failed.get(command.contractId);
      return before === undefined || before !== inputsOf(command, counterId);
    },
    sendFailed(command: CreatedNode, counterId: string | undefined): void {
      failed.set(command.contractId, inputsOf(command, counterId));
    },
    expiryFailed(contractId: string): void {
      stuck.add(contractId);
    },
    isStuck: (contractId: string): boolean => stuck.has(contractId),
    hasFailures: (): boolean => failed.size > 0,
    /** The command is gone (sent, failed for good, expired or withdrawn). */
    forget(contractId: string): void {
      failed.delete(contractId);
      stuck.delete(contractId);
    },
  };
}

export type SendAttempts = ReturnType<typeof createSendAttempts>;
