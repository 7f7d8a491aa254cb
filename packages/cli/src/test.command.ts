import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { scriptName } from '@pocketnet/daml-script';
import { describeFailure } from './script/script-output.ts';
import { type ScriptOutcome, testDar } from './script/test-dar.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * `pocketnet test --dar FILE`: every Daml Script of the DAR's main package on a fresh in-memory
 * node, as `dpm test` runs a project's scripts; exit 1 when any fails.
 */
export async function testCommand(args: readonly string[], streams: Streams): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      dar: { type: 'string' },
      'script-name': { type: 'string', multiple: true },
      'package-name': { type: 'string' },
    },
  });
  if (!values.dar) {
    streams.stderr.write('pocketnet test needs --dar <file.dar>\n');
    return 2;
  }
  const wanted = values['script-name'] ?? [];
  let outcomes: ScriptOutcome[];
  try {
    const bytes = await readFile(values.dar);
    outcomes = await testDar(bytes, {
      only: (entry) => wanted.length === 0 || wanted.includes(scriptName(entry)),
      ...(values['package-name'] ? { packageName: values['package-name'] } : {}),
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
