import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const cliMain = join(repoRoot, 'packages/cli/src/main.js');

export type Exit = { readonly code: number | null; readonly signal: NodeJS.Signals | null };

/** A child process whose output the test can read and whose exit it can await. */
export type Spawned = {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the output once `isComplete` holds; rejects if the process exits first. */
  waitForOutput(isComplete: (output: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Sends the signal, to the whole process group when spawned as a group. */
  signal(signal: NodeJS.Signals): void;
  /** Sends the signal and awaits the exit. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
};

/** The processes a test file started, so that afterEach can end whichever are still running. */
export function createProcessSet() {
  const running = new Set<Spawned>();
  return {
    spawn(command: string, args: readonly string[], options: { cwd?: string; group?: boolean }) {
      const spawned = spawnTracked(command, args, options);
      running.add(spawned);
      // A group stays listed after its leader exits, so that stopAll also ends what it left.
      if (!options.group) void spawned.exited.then(() => running.delete(spawned));
      return spawned;
    },
    async stopAll(): Promise<void> {
      await Promise.all([...running].map((spawned) => spawned.stop('SIGKILL')));
    },
  };
}

export type ProcessSet = ReturnType<typeof createProcessSet>;

// Node 24 first on PATH, so `npm` and the scripts it runs use the same Node as the test.
const childEnvironment = () => ({
  ...process.env,
  PATH: `${dirname(process.execPath)}:${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
});

/** Collects a child's output and lets callers wait for some of it, or for the exit. */
function watchOutput(child: ChildProcess, exited: Promise<Exit>) {
  let text = '';
  let exit: Exit | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const append = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    notify();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  void exited.then((value) => {
    exit = value;
    notify();
  });
  const waitForOutput = (isComplete: (output: string) => boolean, timeoutMs = 20_000) =>
    new Promise<string>((done, fail) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        outcome();
      };
      const timer = setTimeout(
        () => settle(() => fail(new Error(`no expected output after ${timeoutMs} ms:\n${text}`))),
        timeoutMs,
      );
      function check() {
        if (isComplete(text)) settle(() => done(text));
        else if (exit !== null) {
          const reason = `process exited (${JSON.stringify(exit)}) before ready:\n${text}`;
          settle(() => fail(new Error(reason)));
        }
      }
      listeners.add(check);
      check();
    });
  return { output: () => text, hasExited: () => exit !== null, waitForOutput };
}

function spawnTracked(
  command: string,
  args: readonly string[],
  options: { cwd?: string; group?: boolean },
): Spawned {
  const child = spawn(command, [...args], {
    cwd: options.cwd ?? repoRoot,
    env: childEnvironment(),
    detached: options.group ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<Exit>((done) => {
    // 'close' rather than 'exit': by then all the output has been read.
    child.once('close', (code, signal) => done({ code, signal }));
  });
  const watcher = watchOutput(child, exited);
  const send = (signal: NodeJS.Signals) => {
    const pid = child.pid;
    if (options.group && pid !== undefined) {
      // The group too, even once its leader is gone: a script's children may outlive npm.
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    } else if (!watcher.hasExited()) {
      child.kill(signal);
    }
  };
  return {
    child,
    exited,
    output: watcher.output,
    waitForOutput: watcher.waitForOutput,
    signal: send,
    async stop(signal) {
      send(signal);
      return exited;
    },
  };
}

/** A port nobody listens on right now: the kernel hands one out, and we give it back. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Whether a port of 127.0.0.1 can be listened on now. */
export async function isPortFree(port: number): Promise<boolean> {
  const server = createServer();
  const free = await new Promise<boolean>((done) => {
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => done(true));
  });
  if (free) await new Promise((done) => server.close(done));
  return free;
}

/** A fresh folder under the OS temp dir, and a way to remove it. */
export async function createTempDir(prefix: string) {
  const path = await mkdtemp(join(tmpdir(), `pocketnet-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Polls `url` until it answers 200. */
export async function waitForHttpOk(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}
