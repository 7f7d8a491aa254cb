import { readFile } from 'node:fs/promises';
import { scriptName } from '@pocketnet/daml-script';
import { testOptionRows } from './options/script-option-rows.ts';
import { readCommandOptions } from './script/read-command-options.ts';
import { describeFailure } from './script/script-output.ts';
import { type ScriptOutcome, testDar } from './script/test-dar.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * `pocketnet test --dar FILE`: every Daml Script of the DAR's main package on a fresh in-memory
 * node, as `dpm test` runs a project's scripts; exit 1 when any fails.
 */
export async function testCommand(args: readonly string[], streams: Streams): Promise<number> {
  const options = readCommandOptions('test', testOptionRows, args, streams);
  if ('exit' in options) return options.exit;
  const dar = options.text('dar');
  const packageName = options.text('package-name');
  if (!dar) {
    streams.stderr.write('pocketnet test needs --dar <file.dar> (pocketnet test --help)\n');
    return 2;
  }
  const wanted = options.read.lists.get('script-name') ?? [];
  let outcomes: ScriptOutcome[];
  try {
    const bytes = await readFile(dar);
    outcomes = await testDar(bytes, {
      only: (entry) => wanted.length === 0 || wanted.includes(scriptName(entry)),
      ...(packageName ? { packageName } : {}),
      participants: options.read.lists.get('participant') ?? [],
      wallClock: options.read.flags.has('wall-clock-time'),
      onOutcome: (outcome) => {
        streams.stdout.write(
          outcome.ok
            ? `${outcome.name}: ok\n`
            : `${outcome.name}: failed\n${describeFailure(outcome)}`,
        );
      },
    });
  } catch (error) {
    streams.stderr.write(`pocketnet test: ${(error as Error).message}\n`);
    return 2;
  }
  const missing = wanted.filter((name) => !outcomes.some((outcome) => outcome.name === name));
  for (const name of missing)
    streams.stderr.write(`pocketnet test: no script ${name} in the DAR\n`);
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  const scripts = outcomes.length === 1 ? 'script' : 'scripts';
  streams.stdout.write(
    `${outcomes.length} ${scripts}: ${outcomes.length - failed} passed, ${failed} failed\n`,
  );
  return failed > 0 || missing.length > 0 ? 1 : 0;
}
