import type { UndoMark } from '@pocketnet/ledger';
import type { HistoryPoint, JournalStore } from '@pocketnet/runtime';
import type { Logger } from 'pino';
import type { EmbeddedLife } from './embedded-setup.ts';
import type { LifeServers } from './life-servers.ts';

/** What a revert in place works on: the life, its journal, the servers, and the fallback. */
export type InPlaceDeps = {
  readonly live: EmbeddedLife;
  readonly store: JournalStore;
  readonly servers: readonly LifeServers[];
  readonly logger: Logger;
  /** The rebuild from the cut journal, when the revert in place fails half-way. */
  rewind(point: HistoryPoint, reason: string): Promise<void>;
};

/**
 * Waits until nothing is in flight: the automations have finished what they were triggered
 * to do and every record handed to the journal is durable and published; again if either
 * started more meanwhile.
 */
async function quiesce(live: EmbeddedLife, store: JournalStore): Promise<void> {
  for (let before = -1; before !== store.position(); ) {
    before = store.position();
    await live.settled();
    await store.settled();
  }
}

/**
 * A revert in place (issue 23): the servers answer that the node is being put back, streams
 * end with the revert's reason, and once nothing is in flight every state holder undoes what
 * it recorded since `mark`, the clock goes back and the journal is cut (appends made meanwhile
 * wait for the cut); then what runs on time is re-armed and the servers serve again. If any of
 * it fails the node is rebuilt from the journal instead: half put back is no state to serve.
 */
export async function revertInPlace(
  deps: InPlaceDeps,
  revert: { readonly point: HistoryPoint; readonly mark: UndoMark; readonly reason: string },
): Promise<void> {
  const { live, store, logger } = deps;
  const { point, mark, reason } = revert;
  const message = `The node is being put back (${reason}); it serves again in a moment`;
  for (const servers of deps.servers) servers.down(message);
  try {
    live.closeStreams(reason);
    await quiesce(live, store);
    const { node } = live;
    node.undo.rollback(mark);
    node.clock.rewindTo(point.clockMicros);
    const cut = store.cutOpen(point.position);
    node.rearm();
    await cut;
  } catch (error) {
    logger.error({ err: error }, 'a revert in place failed; the node is rebuilt');
    return deps.rewind(point, reason);
  }
  live.serve();
  logger.info({ position: point.position, how: 'rolled back' }, reason);
}
