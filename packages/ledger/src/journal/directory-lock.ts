import { open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/**
 * Takes the data folder for this process, so two nodes never append to one journal. A lock
 * left by a process that no longer runs (a crash) is taken over; so is one naming our own pid,
 * which after a restart in a container is a previous life's pid, not a live writer.
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
    if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
      throw new Error(`the journal in ${dir} is in use by process ${holder}`);
    }
    await writeFile(path, String(process.pid));
  }
  return () => rm(path, { force: true });
}
