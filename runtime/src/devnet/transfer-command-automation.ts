import {
  type Command,
  type CreatedNode,
  internalSubmission,
  type JournalRecord,
  parseTime,
  type TransactionNode,
  type TransactionRecord,
  undoableMap,
} from '@pocketnet/ledger';
import { transferCommandReferences as refs, type spliceVocabulary } from '@pocketnet/splice';
import type { Subscription } from 'rxjs';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { templateByName } from '../node/template-by-name.ts';
import { externalPartyAmuletRulesTemplates } from '../vocabulary/splice-templates.ts';
import {
  type ArgumentFields,
  createOf,
  exerciseOf,
  payloadOf,
} from '../vocabulary/typed-commands.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import { createSendAttempts } from './transfer-command-attempts.ts';

type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
const { TransferCommand, TransferCommandCounter } = externalPartyAmuletRulesTemplates;
const commandOf = (command: CreatedNode) => payloadOf(TransferCommand, command.createArgument);
const counterPayloadOf = (counter: CreatedNode) =>
  payloadOf(TransferCommandCounter, counter.createArgument);

/**
 * The DSO's TransferCommand automation on the devnet (Splice's TransferCommandSendTrigger and
 * ExpiredTransferCommandTrigger), a reaction to the bus: once a TransferCommand is committed the
 * DSO sends it with the sender's amulets through the receiver's TransferPreapproval, creating
 * the sender's TransferCommandCounter first if it has none; a command past its expiry is
 * expired instead. A command whose nonce is ahead of the counter waits for the ones before it.
 * A send that fails (the sender cannot pay, say) is reported and leaves the command pending, as
 * in Splice: it is tried again once what it reads has changed, and expired when its time is up.
 */
export function createTransferCommandAutomation(
  core: PocketnetNodeCore,
  options: { readonly wallet: Wallet; readonly onError: (error: unknown) => void },
) {
  const deps = {
    ...options,
    records$: core.records$,
    engine: core.engine,
    packages: core.packages,
    dso: () => core.devnetParties()?.dso ?? null,
    now: () => core.clock.nowMicros(),
    onError: options.onError,
  };
  const { wallet } = deps;
  // By name: under `--splice-dars` Splice's own package, uploaded after this is made.
  const kindOf = templateByName(deps.packages, [refs.transferCommand, refs.transferCommandCounter]);
  const { undo } = core;
  // Pending commands are handled in nonce order, whatever order a rollback leaves them in.
  const commands = undoableMap<string, CreatedNode>(undo);
  const counters = undoableMap<string, CreatedNode>(undo);
  const attempts = createSendAttempts(wallet, undo);
  // What the bus fed: pending commands and counters, few at a time. Failed attempts and the
  // submission count are the live run's own (a restart's replay starts them afresh).
  undo.section<{ commands: CreatedNode[]; counters: CreatedNode[] }>('devnet.transfer-commands', {
    save: () => ({ commands: [...commands.values()], counters: [...counters.values()] }),
    restore(saved) {
      for (const command of saved.commands) commands.set(command.contractId, command);
      for (const counter of saved.counters) counters.set(counterPayloadOf(counter).sender, counter);
    },
  });
  // Goes back with a rollback, so that the commands after it get the same ids.
  const issued = { submissions: 0 };
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;

  const submit = (dso: string, commandsToRun: readonly Command[]): Promise<TransactionRecord> => {
    const submissions = issued.submissions + 1;
    undo.assign(issued, 'submissions', submissions);
    return deps.engine.submit(
      internalSubmission({
        commands: commandsToRun,
        userId: 'pocketnet-dso-automation',
        commandId: `transfer-command-automation-${deps.now()}-${submissions}`,
        actAs: [dso],
        workflowId: 'transfer-command-automation',
      }),
    );
  };
  const exercise = <A, R>(
    dso: string,
    contractId: string,
    choice: ChoiceRef<A, R>,
    argument: ArgumentFields<A>,
  ) => submit(dso, [exerciseOf(TransferCommand, contractId, choice, argument)]);

  const counterOf = async (dso: string, sender: string): Promise<CreatedNode | null> => {
    const found = counters.get(sender);
    if (found) return found;
    const record = await submit(dso, [
      createOf(TransferCommandCounter, { dso, sender, nextNonce: '0' }),
    ]);
    const created = record.nodes.find((node) => node.kind === 'created');
    return created?.kind === 'created' ? created : null;
  };

  const expiresAtOf = (command: CreatedNode) => parseTime(commandOf(command).expiresAt) ?? 0n;
  const counterIdOf = (command: CreatedNode) => counters.get(commandOf(command).sender)?.contractId;

  const expire = async (dso: string, command: CreatedNode): Promise<void> => {
    try {
      await exercise(dso, command.contractId, TransferCommand.choices.TransferCommand_Expire, {
        p: dso,
      });
    } catch (error) {
      attempts.expiryFailed(command.contractId);
      deps.onError(error);
    }
  };

  const send = async (dso: string, command: CreatedNode): Promise<void> => {
    const payload = commandOf(command);
    const counter = await counterOf(dso, payload.sender);
    if (counter === null) return;
    if (BigInt(payload.nonce) > BigInt(counterPayloadOf(counter).nextNonce)) return;
    const preapproval = wallet.preapprovals.preapprovalOf(payload.receiver);
    const inputs = wallet.contracts
      .of(payload.sender, 'amulet')
      .map((amulet) => ({ tag: 'InputAmulet', value: amulet.node.contractId }) as const);
    await exercise(dso, command.contractId, TransferCommand.choices.TransferCommand_Send, {
      context: wallet.network.paymentContext(),
      inputs,
      transferPreapprovalCidO: preapproval?.node.contractId ?? null,
      transferCounterCid: counter.contractId,
    });
  };

  const handle = async (dso: string, command: CreatedNode): Promise<void> => {
    if (attempts.isStuck(command.contractId)) return;
    // As Splice's trigger: an expired command is not sent; the expiry archives it.
    if (expiresAtOf(command) <= deps.now()) return expire(dso, command);
    if (!attempts.mayTry(command, counterIdOf(command))) return;
    try {
      await send(dso, command);
    } catch (error) {
      attempts.sendFailed(command, counterIdOf(command));
      deps.onError(error);
    }
  };

  const pass = async (): Promise<void> => {
    const dso = deps.dso();
    if (dso === null) return;
    const pending = [...commands.values()]
      .filter((command) => commandOf(command).dso === dso)
      .sort((a, b) => Number(BigInt(commandOf(a).nonce) - BigInt(commandOf(b).nonce)));
    for (const command of pending) {
      if (commands.has(command.contractId)) await handle(dso, command);
    }
  };
  const kick = () => {
    if (!started) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        kick();
      }
    });
  };

  const onCommand = (node: TransactionNode) => {
    if (node.kind === 'created') commands.set(node.contractId, node);
    else if (node.consuming) {
      commands.delete(node.contractId);
      attempts.forget(node.contractId);
    }
  };
  const onCounter = (node: TransactionNode) => {
    if (node.kind === 'created') counters.set(counterPayloadOf(node).sender, node);
    else if (node.consuming) {
      const spent = [...counters].find(([, counter]) => counter.contractId === node.contractId);
      if (spent) counters.delete(spent[0]);
    }
  };
  const onRecord = (record: JournalRecord) => {
    if (record.type !== 'transaction') return;
    // While a send waits on what it reads to change, any transaction may be that change.
    let fresh = attempts.hasFailures();
    for (const node of record.nodes) {
      const kind = kindOf(node.templateId);
      if (kind === refs.transferCommand) onCommand(node);
      else if (kind === refs.transferCommandCounter) onCounter(node);
      else continue;
      fresh = true;
    }
    if (fresh) setImmediate(kick);
  };

  let subscription: Subscription | null = deps.records$.subscribe(onRecord);
  return {
    /** After a revert: what was pending at the snapshot is pending again. */
    rearm: (): void => kick(),
    /** After the replay: sends or expires whatever is pending now, and from then on. */
    start: async (): Promise<void> => {
      started = true;
      kick();
      await running;
    },
    /** On the node's schedule: a pending command falls due once its expiry has passed. */
    dueTask: {
      name: 'transfer-command-expiry',
      runsAs: 'here',
      nextDueMicros: () => {
        if (!started) return null;
        let earliest: bigint | null = null;
        for (const command of commands.values()) {
          if (attempts.isStuck(command.contractId)) continue;
          const due = expiresAtOf(command) + 1n;
          if (earliest === null || due < earliest) earliest = due;
        }
        return earliest;
      },
      run: async () => {
        kick();
        await running;
      },
    } satisfies BackgroundTask,
    close: () => {
      subscription?.unsubscribe();
      subscription = null;
    },
  };
}

export type TransferCommandAutomation = ReturnType<typeof createTransferCommandAutomation>;
