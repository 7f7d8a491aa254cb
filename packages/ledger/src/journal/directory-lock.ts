import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The data folder is held by another live process: two nodes never append to one journal. */
export class JournalInUseError extends Error {
  override readonly name = 'JournalInUseError';
  readonly dir: string;
  readonly holder: number;
  constructor(dir: string, holder: number) {
    super(`the journal in ${dir} is in use by process ${holder}`);
    this.dir = dir;
    this.holder = holder;
  }
}

/** How long a holder that looks alive is given to finish dying (a `kill -9` takes a moment). */
const dyingGraceMs = 1000;
const pollMs = 20;

/**
 * Whether `pid` is a process that still runs. A zombie (exited, not yet reaped by its parent:
 * the state right after `kill -9` until a supervisor waits for it) holds no files any more, so
 * on Linux /proc's state `Z` or `X` counts as gone.
 */
async function isProcessRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    // No /proc (not Linux): signal 0 is all there is to go by.
    return !isErrorCode(error, 'ENOENT') || !(await hasProc());
  }
  // `pid (comm) S …`: comm may hold spaces and parentheses, the state follows the last `)`.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

const hasProc = () =>
  readFile('/proc/self/stat', 'utf8').then(
    () => true,
    () => false,
  );

/** Whether `pid` still runs after a moment's grace for a process that is being killed. */
async function holdsOn(pid: number): Promise<boolean> {
  const deadline = performance.now() + dyingGraceMs;
  while (await isProcessRunning(pid)) {
    if (performance.now() >= deadline) return true;
    await sleep(pollMs);
  }
  return false;
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Takes the data folder for this process, so two nodes never append to one journal. A lock
 * left by a process that no longer runs (a crash, a `kill -9`, even one its parent has not
 * reaped yet) is taken over at once; so is one naming our own pid, which after a restart in a
 * container is a previous life's pid, not a live writer.
 */
export async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'journal.lock');
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
  } catch (error) {
    if (!isErrorCode(error, 'EEXIST')) throw error;
    const holder = Number((await readFile(path, 'utf8')).trim());
    if (
      Number.isInteger(holder) &&
      holder > 0 &&
      holder !== process.pid &&
      (await holdsOn(holder))
    ) {
      throw new JournalInUseError(dir, holder);
    }
    await writeFile(path, String(process.pid));
  }
  return () => rm(path, { force: true });
}
