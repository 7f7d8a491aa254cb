import {
  type CommandName,
  commandHelp,
  helpOf,
  prefixOf,
  usageOfCommands,
} from './command-help.ts';
import { readOptions } from './options/option-table.ts';
import { tokenOptionRows } from './options/token-option-rows.ts';
import { isStartOptionError } from './start-option-error.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

// Each command's module is loaded only when it runs: `--help` and `token` load no node, and
// `start` none of the scaled-out roles' Redis clients.
const commands: Readonly<
  Record<CommandName, () => Promise<(args: readonly string[], streams: Streams) => Promise<number>>>
> = {
  start: async () => (await import('./start.command.ts')).startCommand,
  writer: async () => (await import('./writer.command.ts')).writerCommand,
  gateway: async () => (await import('./gateway.command.ts')).gatewayCommand,
  worker: async () => (await import('./worker.command.ts')).workerCommand,
  token: async () => tokenCommand,
  'splice-dars': async () =>
    (await import('./splice-dars/splice-dars.command.ts')).spliceDarsCommand,
  codegen: async () => (await import('./codegen.command.ts')).codegenCommand,
  test: async () => (await import('./test.command.ts')).testCommand,
  script: async () => (await import('./script.command.ts')).scriptCommand,
};

const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(commandHelp, name);

export async function runCli(argv: readonly string[], streams: Streams): Promise<number> {
  const [command, ...rest] = argv;
  if (isCommand(command)) return (await commands[command]())(rest, streams);
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    streams.stdout.write(usageOfCommands());
    return 0;
  }
  streams.stderr.write(`pocketnet: unknown command ${command} (pocketnet --help lists them)\n`);
  return 2;
}

async function tokenCommand(args: readonly string[], streams: Streams): Promise<number> {
  let read: ReturnType<typeof readOptions>;
  try {
    read = readOptions(tokenOptionRows, args, {});
  } catch (error) {
    if (!isStartOptionError(error)) throw error;
    streams.stderr.write(`${prefixOf('token')}: ${error.message} (pocketnet token --help)\n`);
    return 2;
  }
  if (read.help) {
    streams.stdout.write(helpOf('token'));
    return 0;
  }
  const text = (key: string) => read.values.get(key)?.text ?? '';
  if (!read.values.has('user')) {
    streams.stderr.write('pocketnet token needs --user <user-id> (pocketnet token --help)\n');
    return 2;
  }
  // The gateway (and jose with it) is loaded only when a token is actually minted.
  const { mintDevToken } = await import('@pocketnet/gateway');
  const token = await mintDevToken({
    userId: text('user'),
    secret: text('auth-secret'),
    audience: text('auth-audience'),
    expiresInSeconds: Number(text('expires-in')),
  });
  streams.stdout.write(`${token}\n`);
  return 0;
}
