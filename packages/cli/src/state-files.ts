import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import {
  type LoadedState,
  parseStateFile,
  StateFileError,
  type TimeMachine,
  unrestrictedCaller,
} from '@pocketnet/runtime';

/**
 * `--load-state FILE`: the state file read and checked, or false once the reason it is refused
 * has been written (the start then exits with code 2).
 */
export async function readStateOption(
  path: string | null,
  stderr: NodeJS.WritableStream,
): Promise<LoadedState | null | false> {
  if (path === null) return null;
  try {
    return parseStateFile(await readFile(path, 'utf8'));
  } catch (error) {
    const reason =
      error instanceof StateFileError || (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? (error as Error).message
        : null;
    if (reason === null) throw error;
    stderr.write(`pocketnet: --load-state ${path}: ${reason}\n`);
    return false;
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
