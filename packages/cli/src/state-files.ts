import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import {
  type LoadedState,
  readStateFile,
  StateFileError,
  type TimeMachine,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { StartRefusal } from './roles/embedded-lives.ts';

/** `--load-state FILE`: the state file read and checked; a StartRefusal saying why it is not. */
export async function readStateOption(path: string | null): Promise<LoadedState | null> {
  if (path === null) return null;
  try {
    return await readStateFile(path);
  } catch (error) {
    const known =
      error instanceof StateFileError || (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!known) throw error;
    throw new StartRefusal(`--load-state ${path}: ${(error as Error).message}`);
  }
}

/** `--dump-state FILE`: the node's state file, written whole beside it and then moved in place. */
export async function writeState(timeMachine: TimeMachine, path: string): Promise<void> {
  const partial = `${path}.partial`;
  const out = createWriteStream(partial);
  // The process itself asks: it is the node's operator.
  for await (const line of timeMachine.dump(unrestrictedCaller)) {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  await rename(partial, path);
}
