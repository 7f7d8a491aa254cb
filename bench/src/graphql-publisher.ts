import type { Command } from '@pocketnet/ledger';
import { submitRequest } from './iou-commands.ts';
import type { IouNode } from './iou-node.ts';

// The writers of the GraphQL subscription benchmark: transfers offered on a clock, and the
// same transfers committed as fast as the engine takes them (to weigh what the ledger keeps).

/** One transfer event: an Iou created and offered to bob in one transaction. */
function transferCommand(node: IouNode): Command {
  const { bank, alice, bob } = node;
  return {
    kind: 'createAndExercise',
    templateId: '#pocketnet-examples:Iou:Iou',
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
    choice: 'Iou_Transfer',
    choiceArgument: { newOwner: bob },
  };
}

export type Published = {
  readonly sent: number;
  readonly committed: number;
  readonly failed: number;
  /** From the first tick to the stop, by this process's clock. */
  readonly seconds: number;
};

/**
 * Offers `rate` transfers a second: every 10 ms tick submits all that are due by the clock
 * since it started, however late the tick. The load is "while 500 events/s are
 * published": a ledger's writers do not wait for its readers, so the schedule is the same for
 * both servers whatever their fan-out costs, and a process too busy to tick on time submits
 * the missed share in one go instead of dropping it (the old cap of a quarter second's share per
 * tick let the bare ws run, whose sends starved the ticks, commit 69 a second instead of 500).
 * What was committed is reported per side, so a schedule that was not met shows.
 */
export function startPublisher(node: IouNode, rate: number, label: string) {
  let sent = 0;
  let committed = 0;
  let failed = 0;
  const started = performance.now();
  const submitDue = () => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const request = submitRequest(
        [transferCommand(node)],
        [node.bank, node.alice],
        `${label}-${sent}`,
      );
      node.node.engine.submit(request).then(
        () => {
          committed += 1;
        },
        () => {
          failed += 1;
        },
      );
    }
  };
  const tick = setInterval(submitDue, 10);
  return {
    /** Transfers committed so far. */
    committed: () => committed,
    /** Stops offering (what was due by now is submitted first) once all of it has settled. */
    async stop(): Promise<Published> {
      submitDue();
      clearInterval(tick);
      const seconds = (performance.now() - started) / 1000;
      while (committed + failed < sent) await new Promise((resolve) => setTimeout(resolve, 5));
      return { sent, committed, failed, seconds };
    },
  };
}

/** Commits `count` transfers, `inFlight` at a time, as fast as the engine takes them. */
export async function commitTransfers(node: IouNode, count: number, inFlight = 100) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const request = submitRequest(
        [transferCommand(node)],
        [node.bank, node.alice],
        `fill-${index}`,
      );
      await node.node.engine.submit(request);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
}
