import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allocateParty, createLedgerHttp } from './ledger-http.ts';
import {
  createProcessSet,
  createTempDir,
  findFreePort,
  repoRoot,
  type Spawned,
} from './node-process.ts';
import { isBannerComplete, nodeArgs, startPocketnet } from './pocketnet-process.ts';

// A start that cannot go on says what and what to do in one line, and exits with code 2: no
// stack trace. Each case runs `pocketnet start` as a user would, in a process of its own.

const aParty = (name: string) => `${name}::1220${'ab'.repeat(32)}`;

describe('pocketnet start refuses in one line, with exit code 2', () => {
  const processes = createProcessSet();
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const tempDir = async (prefix: string) => {
    const dir = await createTempDir(prefix);
    cleanups.push(dir.remove);
    return dir.path;
  };

  /** Runs `pocketnet …` to its end: its exit code and its one line (stdout and stderr). */
  async function refused(args: readonly string[]): Promise<{ code: number | null; line: string }> {
    const spawned = processes.spawn(process.execPath, nodeArgs(args), {});
    const { code } = await spawned.exited;
    const lines = spawned.output().split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines, spawned.output()).toHaveLength(2);
    return { code, line: lines[0] ?? '' };
  }

  it('a port in use by another process', async () => {
    const holder = createServer();
    const port = await findFreePort();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    try {
      const { code, line } = await refused(['start', '--ephemeral', '--port', String(port)]);
      expect(code).toBe(2);
      expect(line).toBe(
        `pocketnet: port ${port} on 127.0.0.1 is in use by another process: stop it, or start with another --port (--port 0 takes any free one)`,
      );
    } finally {
      holder.close();
    }
  });

  it('a data dir in use by another node', async () => {
    const dataDir = await tempDir('in-use');
    const first = await startPocketnet(processes, { dataDir });
    const port = await findFreePort();
    const { code, line } = await refused([
      ...['start', '--no-devnet', '--data-dir', dataDir, '--port', String(port)],
    ]);
    expect(code).toBe(2);
    expect(line).toBe(
      `pocketnet: the data dir ${dataDir} is in use by process ${first.process.child.pid} (another node): stop that one first, or give this one another --data-dir (or --ephemeral)`,
    );
  });

  it('a damaged journal', async () => {
    const dataDir = await tempDir('damaged');
    const first = await startPocketnet(processes, { dataDir });
    // Records after the damaged one: damage in the last record is a torn tail, cut on replay.
    const http = createLedgerHttp(first.url);
    for (const name of ['alice', 'bob', 'carol', 'dave']) await allocateParty(http, name);
    expect((await first.stop('SIGTERM')).code).toBe(0);
    const journal = join(dataDir, 'journal');
    const [segment] = (await readdir(journal)).filter((name) => name.startsWith('segment-'));
    const path = join(journal, segment ?? '');
    const bytes = await readFile(path);
    // A flipped bit in the middle of a record, which no crash leaves behind.
    bytes.writeUInt8(
      (bytes.readUInt8(Math.floor(bytes.length / 3)) ^ 0xff) & 0xff,
      Math.floor(bytes.length / 3),
    );
    await writeFile(path, bytes);
    const port = await findFreePort();
    const { code, line } = await refused(['start', '--data-dir', dataDir, '--port', String(port)]);
    expect(code).toBe(2);
    expect(line).toMatch(
      new RegExp(
        `^pocketnet: journal ${path} is damaged at byte \\d+, so it cannot be replayed: move ${dataDir} aside to start afresh, or restore it from a backup$`,
      ),
    );
  });

  it('a config file naming parties the node does not have', async () => {
    const dir = await tempDir('config');
    const config = join(dir, 'validator.yaml');
    await writeFile(
      config,
      [
        'autoAcceptTransfers:',
        `  "${aParty('alice')}":`,
        `    fromParties: ["${aParty('bob')}"]`,
        '',
      ].join('\n'),
    );
    const port = await findFreePort();
    const { code, line } = await refused([
      ...['start', '--ephemeral', '--config', config, '--port', String(port)],
    ]);
    expect(code).toBe(2);
    expect(line).toBe(
      `pocketnet: the config file ${config} names parties this node does not have: ${aParty('alice')}, ${aParty('bob')}. Allocate them first (start without --config, POST /v2/parties), or fix the file`,
    );
  });

  it('an unknown option, naming the help that lists the good ones', async () => {
    const { code, line } = await refused(['start', '--prot', '7575']);
    expect(code).toBe(2);
    expect(line).toMatch(
      /^pocketnet: Unknown option '--prot'.* \(pocketnet start --help lists the options\)$/,
    );
  });
});

describe('--help on every command', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  async function helpOf(spawned: Spawned) {
    const { code } = await spawned.exited;
    expect(code).toBe(0);
    return spawned.output();
  }

  it('npm start -- --help lists every start option, and --port with its variable', async () => {
    const npm = processes.spawn('npm', ['start', '--silent', '--', '--help'], {
      cwd: repoRoot,
      group: true,
    });
    const help = await helpOf(npm);
    expect(help).toContain('Usage: pocketnet start [options]');
    expect(help).toMatch(
      /--port <port> +the port every API .*\[default 7575; env POCKETNET_PORT\]/,
    );
    expect(help).toMatch(/POCKETNET_MAX_IN_FLIGHT=<n> +commands admitted at once/);
    expect(help).not.toMatch(/\n\s+at /);
  });

  it.each(['token', 'writer', 'gateway', 'worker', 'test', 'script'])(
    'pocketnet %s --help',
    async (command) => {
      const help = await helpOf(
        processes.spawn(process.execPath, nodeArgs([command, '--help']), {}),
      );
      expect(help).toContain(`Usage: pocketnet ${command}`);
      expect(help).toContain('--help');
      expect(help).not.toMatch(/\n\s+at /);
    },
  );

  it('pocketnet --help lists the commands', async () => {
    const help = await helpOf(processes.spawn(process.execPath, nodeArgs(['--help']), {}));
    for (const command of ['start', 'writer', 'gateway', 'worker', 'token', 'test', 'script']) {
      expect(help).toMatch(new RegExp(`\\n  ${command} +\\S`));
    }
  });
});

describe('a node killed with kill -9', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  it('restarts at once on its data dir, while its parent has not reaped it yet', async () => {
    const dir = await createTempDir('killed');
    try {
      const port = await findFreePort();
      // The node's parent becomes `sleep`, which never reaps it: once killed it stays a zombie,
      // as it does for a moment under any supervisor.
      const command = [
        process.execPath,
        ...nodeArgs(['start', '--no-devnet', '--data-dir', dir.path, '--port', String(port)]),
      ]
        .map((word) => `'${word}'`)
        .join(' ');
      const shell = processes.spawn('sh', ['-c', `${command} & echo "pid $!"; exec sleep 120`], {
        group: true,
      });
      const output = await shell.waitForOutput(
        (text) => /pid \d+/.test(text) && isBannerComplete(text),
      );
      const pid = Number(/pid (\d+)/.exec(output)?.[1]);
      process.kill(pid, 'SIGKILL');
      const second = await startPocketnet(processes, { dataDir: dir.path });
      expect(second.banner).toContain(dir.path);
      expect(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).toMatch(/^$|\) Z /);
    } finally {
      // The nodes first: a running one still writes its journal while the folder is removed.
      await processes.stopAll();
      await dir.remove();
    }
  });
});
