import { parseArgs } from 'node:util';
import { startCommand } from './start.command.ts';
import { mintToken } from './token.command.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const usage = `pocketnet — a Canton-Network-style node in one process

Usage:
  pocketnet start [--port 7575] [--data-dir .pocketnet] [--ephemeral] [--auth hs256|jwks|none]
                  [--auth-secret unsafe] [--auth-audience https://canton.network.global]
                  [--jwks-url URL] [--localnet-ports] [--ledger-api-version 3.4.12]
                  [--no-devnet] [--seed 0] [--tick 10m] [--validator-wallet-user administrator]
                  [--package ./my-package.ts]
  pocketnet token --user alice [--auth-secret unsafe] [--auth-audience …] [--expires-in 86400]
`;

export async function runCli(argv: readonly string[], streams: Streams): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') return startCommand(rest, streams);
  if (command === 'token') {
    const { values } = parseArgs({
      args: [...rest],
      options: {
        user: { type: 'string' },
        'auth-secret': { type: 'string', default: 'unsafe' },
        'auth-audience': { type: 'string', default: 'https://canton.network.global' },
        'expires-in': { type: 'string', default: '86400' },
      },
    });
    if (!values.user) {
      streams.stderr.write('pocketnet token needs --user <user-id>\n');
      return 2;
    }
    const token = await mintToken({
      userId: values.user,
      secret: values['auth-secret'],
      audience: values['auth-audience'],
      expiresInSeconds: Number(values['expires-in']),
    });
    streams.stdout.write(`${token}\n`);
    return 0;
  }
  streams.stdout.write(usage);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}
