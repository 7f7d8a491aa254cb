import type { NodeLoaded } from '@pocketnet/runtime';
import type { Logger } from 'pino';

/** How a node took a loaded state, naming why the file's sections could not be restored. */
export function loadedOf(loaded: NodeLoaded, replayReason: string | null): NodeLoaded {
  return loaded.how === 'replayed' && loaded.reason === null && replayReason !== null
    ? { ...loaded, reason: replayReason }
    : loaded;
}

/** One log line: the state restored (and how long it took), or replayed and why. */
export function logLoaded(logger: Logger, loaded: NodeLoaded): void {
  if (loaded.how === 'replayed' && loaded.reason) {
    logger.warn(`--load-state: the journal was replayed instead: ${loaded.reason}`);
    return;
  }
  logger.info(
    { how: loaded.how, ms: Math.round(loaded.ms) },
    `--load-state: the state was ${loaded.how}`,
  );
}
