import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { cliMain, type Exit, repoRoot } from '../node-process.ts';

export type Role = 'writer' | 'gateway' | 'worker' | 'start';

/** One `pocketnet <role>` child process, its output, and how it ended. */
export type RoleProcess = {
  readonly role: Role;
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  output(): string;
  /** Resolves once the output matches; rejects if the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  kill(signal: NodeJS.Signals): Promise<Exit>;
  /** SIGSTOP: the process keeps its sockets and state but runs nothing until `resume`. */
  pause(): void;
  resume(): void;
};

export function spawnRole(
  role: Role,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): RoleProcess {
  const child = spawn(process.execPath, ['--conditions=development', cliMain, role, ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${join(repoRoot, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const exited = new Promise<Exit>((done) => {
    child.once('close', (code, signal) => {
      exit = { code, signal };
      notify();
      done(exit);
    });
  });
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`${role}: no ${pattern} after ${timeoutMs} ms:\n${text}`));
      }, timeoutMs);
      function check() {
        const match = pattern.exec(text);
        if (match === null && exit === null) return;
        clearTimeout(timer);
        listeners.delete(check);
        if (match) resolve(match);
        else
          reject(new Error(`${role} exited (${JSON.stringify(exit)}) before ${pattern}:\n${text}`));
      }
      listeners.add(check);
      check();
    });
  return {
    role,
    child,
    exited,
    output: () => text,
    waitFor,
    async kill(signal) {
      if (exit === null) child.kill(signal);
      return exited;
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}
