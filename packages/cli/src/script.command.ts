import { readFile, writeFile } from 'node:fs/promises';
import {
  createJsonApiLedger,
  createScriptRunner,
  loadScriptPackages,
  ScriptFailure,
} from '@pocketnet/daml-script';
import { scriptOptionRows } from './options/script-option-rows.ts';
import { type ParticipantAddress, readParticipantConfig } from './script/participant-config.ts';
import { readCommandOptions } from './script/read-command-options.ts';
import { describeFailure } from './script/script-output.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * `pocketnet script --dar FILE --script-name Module:name`: one Daml Script against a running
 * node over its JSON Ledger API, as `dpm script` runs one against a participant.
 */
export async function scriptCommand(args: readonly string[], streams: Streams): Promise<number> {
  const options = readCommandOptions('script', scriptOptionRows, args, streams);
  if ('exit' in options) return options.exit;
  const value = options.text;
  const dar = value('dar');
  const scriptName = value('script-name') ?? '';
  const separator = scriptName.lastIndexOf(':');
  if (!dar || separator <= 0) {
    streams.stderr.write(
      'pocketnet script needs --dar <file.dar> --script-name <Module:name> (pocketnet script --help)\n',
    );
    return 2;
  }
  const url = value('ledger-url') ?? `http://${value('ledger-host')}:${value('ledger-port')}`;
  const [tokenFile, inputFile, outputFile] = [
    value('access-token-file'),
    value('input-file'),
    value('output-file'),
  ];
  try {
    const bytes = await readFile(dar);
    const token = tokenFile ? (await readFile(tokenFile, 'utf8')).trim() : undefined;
    const input = inputFile ? (JSON.parse(await readFile(inputFile, 'utf8')) as never) : undefined;
    if (options.read.flags.has('upload-dar')) await uploadDar(url, token, bytes);
    const userId = value('user-id') ?? 'daml-script';
    const time = options.read.flags.has('wall-clock-time') ? 'wall' : 'static';
    const configFile = value('participant-config');
    const config = configFile
      ? readParticipantConfig(JSON.parse(await readFile(configFile, 'utf8')))
      : null;
    const ledgerAt = (address: ParticipantAddress) =>
      createJsonApiLedger({
        url: address.url,
        token: address.token ?? token,
        userId: address.userId ?? userId,
        time,
      });
    const ledger = ledgerAt(config?.defaultParticipant ?? { url, token, userId });
    const byName = new Map(
      [...(config?.participants ?? [])].map(([name, address]) => [name, ledgerAt(address)]),
    );
    const runner = createScriptRunner(
      loadScriptPackages(bytes),
      ledger,
      byName,
      config?.partyParticipants,
    );
    const output = await runner.runJson(
      scriptName.slice(0, separator),
      scriptName.slice(separator + 1),
      input,
    );
    if (outputFile) await writeFile(outputFile, `${JSON.stringify(output, null, 2)}\n`);
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
