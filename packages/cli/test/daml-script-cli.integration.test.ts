import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createProcessSet, createTempDir } from './node-process.ts';
import { nodeArgs } from './pocketnet-process.ts';
import { handBuiltScriptDar, walletTestDarPath } from './script-dars.ts';
import { startScriptLedgerNode } from './script-ledger-node.ts';

const transferPreapproval = 'Splice.Scripts.TestWallet:testTransferPreapproval';

describe('pocketnet test and pocketnet script', () => {
  const processes = createProcessSet();
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await processes.stopAll();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const pocketnet = async (args: readonly string[]) => {
    const spawned = processes.spawn(process.execPath, nodeArgs(args), {});
    const { code } = await spawned.exited;
    return { code, output: spawned.output() };
  };

  it('prints each script pass or fail with its message, a summary, and exits 1', {
    timeout: 120_000,
  }, async () => {
    const dir = await createTempDir('script-dar');
    cleanups.push(dir.remove);
    const dar = join(dir.path, 'script-examples-1.0.0.dar');
    await writeFile(dar, handBuiltScriptDar());
    // As a child process, so its exit is tested too: it once hung after its summary under load
    // (process.exit racing V8's background compilers, nodejs/node#54918; main.js now leaves by
    // the event loop's end).
    const { code, output } = await pocketnet(['test', '--dar', dar]);
    expect(output).toBe(
      [
        'Main:fails: failed',
        '  Unhandled Daml exception: DA.Exception.GeneralError:GeneralError: the balance does not add up',
        'Main:passes: ok',
        '2 scripts: 1 passed, 1 failed',
        '',
      ].join('\n'),
    );
    expect(code).toBe(1);
  });

  it('runs a script against a running node over the Ledger API', { timeout: 240_000 }, async () => {
    // Splice's scripts start at 2022-01-01 in static time: a devnet node just before it.
    const start = BigInt(Date.parse('2021-12-31T00:00:00Z')) * 1000n;
    const { node, url: ledgerUrl, close } = await startScriptLedgerNode(start);
    cleanups.push(close);
    const args = ['script', '--dar', walletTestDarPath, '--script-name', transferPreapproval];
    const url = ['--ledger-url', ledgerUrl];
    const first = await pocketnet([...args, ...url, '--upload-dar']);
    expect(first).toEqual({ code: 0, output: `${transferPreapproval}: ok\n` });
    // Its parties and contracts are the node's now; the node's time has moved on past the
    // script's start, and a running node's time only moves forward.
    const parties = node.participant.parties;
    expect([...parties.keys()].some((party) => party.startsWith('alice::'))).toBe(true);
    const again = await pocketnet([...args, ...url]);
    expect(again.output).toBe(
      [
        `${transferPreapproval}: failed`,
        "  the node's time is 2022-01-02T00:00:00.000Z: it cannot be set back to 2022-01-01T00:00:00.000Z (time only moves forward on a running node)",
        '  at setTime (daml/Splice/Scripts/Util.daml:57:3, module Splice.Scripts.Util)',
        '',
      ].join('\n'),
    );
    expect(again.code).toBe(1);
    // A script taking an argument: read from --input-file, its result to --output-file.
    const dir = await createTempDir('script-io');
    cleanups.push(dir.remove);
    const [dar, input, output] = ['examples.dar', 'in.json', 'out.json'].map((name) =>
      join(dir.path, name),
    ) as [string, string, string];
    await writeFile(dar, handBuiltScriptDar());
    await writeFile(input, '"42"');
    const echo = await pocketnet([
      ...['script', '--dar', dar, '--script-name', 'Main:echo', ...url, '--upload-dar'],
      ...['--input-file', input, '--output-file', output],
    ]);
    expect(echo).toEqual({ code: 0, output: 'Main:echo: ok\n' });
    expect(JSON.parse(await readFile(output, 'utf8'))).toBe('42');
  });
});
