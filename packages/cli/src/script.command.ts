import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  createJsonApiLedger,
  createScriptRunner,
  loadScriptPackages,
  ScriptFailure,
} from '@pocketnet/daml-script';
import { describeFailure } from './script/script-output.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const options = {
  dar: { type: 'string' },
  'script-name': { type: 'string' },
  'ledger-host': { type: 'string', default: 'localhost' },
  'ledger-port': { type: 'string', default: '7575' },
  'ledger-url': { type: 'string' },
  'access-token-file': { type: 'string' },
  'user-id': { type: 'string', default: 'daml-script' },
  'upload-dar': { type: 'boolean', default: false },
  'input-file': { type: 'string' },
  'output-file': { type: 'string' },
} as const;

/**
 * `pocketnet script --dar FILE --script-name Module:name`: one Daml Script against a running
 * node over its JSON Ledger API, as `dpm script` runs one against a participant.
 */
export async function scriptCommand(args: readonly string[], streams: Streams): Promise<number> {
  const { values } = parseArgs({ args: [...args], options });
  const scriptName = values['script-name'] ?? '';
  const separator = scriptName.lastIndexOf(':');
  if (!values.dar || separator <= 0) {
    streams.stderr.write('pocketnet script needs --dar <file.dar> --script-name <Module:name>\n');
    return 2;
  }
  const url = values['ledger-url'] ?? `http://${values['ledger-host']}:${values['ledger-port']}`;
  try {
    const bytes = await readFile(values.dar);
    const token = values['access-token-file']
      ? (await readFile(values['access-token-file'], 'utf8')).trim()
      : undefined;
    const input = values['input-file']
      ? (JSON.parse(await readFile(values['input-file'], 'utf8')) as never)
      : undefined;
    if (values['upload-dar']) await uploadDar(url, token, bytes);
    const ledger = createJsonApiLedger({ url, token, userId: values['user-id'] });
    const runner = createScriptRunner(loadScriptPackages(bytes), ledger);
    const output = await runner.runJson(
      scriptName.slice(0, separator),
      scriptName.slice(separator + 1),
      input,
    );
    if (values['output-file']) {
      await writeFile(values['output-file'], `${JSON.stringify(output, null, 2)}\n`);
    }
    streams.stdout.write(`${scriptName}: ok\n`);
    return 0;
  } catch (error) {
    if (error instanceof ScriptFailure) {
      streams.stdout.write(`${scriptName}: failed\n${describeFailure(error)}`);
      return 1;
    }
    streams.stderr.write(`pocketnet script: ${(error as Error).message}\n`);
    return 2;
  }
}

async function uploadDar(url: string, token: string | undefined, bytes: Uint8Array) {
  const response = await fetch(`${url.replace(/\/$/, '')}/v2/packages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Blob([new Uint8Array(bytes)]),
  });
  if (!response.ok) throw new Error(`uploading the DAR: ${await response.text()}`);
}
