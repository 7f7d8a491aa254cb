import { type UndoLog, undoableMap, undoableSet } from '@pocketnet/ledger';
import type { JobResult } from '../queue/job-types.ts';
import { completeOffer } from '../validator/complete-offer.automation.ts';
import type { JobDispatch } from './job-dispatch.ts';
import type { JobTrigger } from './job-trigger.ts';

/**
 * The accepted offers whose sender could not pay when its wallet tried, learnt from how their
 * completion jobs ended (a rerun of the same job answers the result it kept, so a restarted
 * writer learns them again). They are tried again when the sender's holdings change, as Splice's
 * wallet retries a completion until the offer expires.
 */
export function createAwaitingFunds(dispatch: Pick<JobDispatch, 'onResult'>, undo: UndoLog) {
  const bySender = undoableMap<string, Set<string>>(undo);
  const learn = (trigger: JobTrigger, result: JobResult) => {
    if (!completeOffer.owns(trigger)) return;
    const { acceptedCid, sender } = trigger.data as { acceptedCid: string; sender: string };
    const waiting = bySender.get(sender) ?? undoableSet<string>(undo);
    if (result.awaitingFunds !== undefined) waiting.add(acceptedCid);
    else waiting.delete(acceptedCid);
    if (waiting.size > 0) bySender.set(sender, waiting);
    else bySender.delete(sender);
  };
  const stop = dispatch.onResult(learn);
  return {
    /** `sender`'s accepted offers it could not pay, among those still to complete. */
    of(sender: string, stillAccepted: readonly string[]): string[] {
      const waiting = bySender.get(sender);
      if (waiting === undefined) return [];
      for (const cid of waiting) if (!stillAccepted.includes(cid)) waiting.delete(cid);
      return [...waiting];
    },
    has: (sender: string, acceptedCid: string) => bySender.get(sender)?.has(acceptedCid) === true,
    stop,
  };
}

export type AwaitingFunds = ReturnType<typeof createAwaitingFunds>;
