import { parseArgs } from 'node:util';
import { codegenCommand, codegenUsage } from './codegen.command.ts';
import { gatewayCommand } from './gateway.command.ts';
import { spliceDarsCommand, spliceDarsUsage } from './splice-dars/splice-dars.command.ts';
import { startCommand } from './start.command.ts';
import { mintToken } from './token.command.ts';
import { workerCommand } from './worker.command.ts';
import { writerCommand } from './writer.command.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const usage = `pocketnet — a Canton-Network-style node in one process

Usage:
  pocketnet start [--port 7575] [--data-dir .pocketnet] [--ephemeral] [--auth hs256|jwks|none]
                  [--auth-secret unsafe] [--auth-audience https://canton.network.global]
                  [--jwks-url URL] [--localnet] [--localnet-ports] [--ledger-api-version 3.4.12]
                  [--no-devnet] [--seed 0] [--tick 10m] [--validator-wallet-user administrator]
                  [--package ./my-package.ts] [--config validator.yaml]
                  [--acs-snapshot-interval 3h] [--no-bulk-storage] [--synchronizers global,app1]
                  [--inspect stately] [--inspect-port 7576] [--redis-durability aof|none]
                  [--stream-high-water-mark 4MiB] [--stream-stall-timeout 30s]
                  [--stream-total-high-water-mark 256MiB] [--max-upload-size 10MiB]
                  [--graphql-max-mutation-fields 10] [--splice-dars DIR|VERSION]
  pocketnet writer | gateway | worker  [the start options]   scaled out: the roles meeting in
                  REDIS_URL (one writer, gateway and worker replicas; see the README)
${spliceDarsUsage}${codegenUsage}  pocketnet token --user alice [--auth-secret unsafe] [--auth-audience …] [--expires-in 86400]

Environment: REDIS_URL (automations on BullMQ), POCKETNET_REDIS_PREFIX, POCKETNET_PORT, LOG_LEVEL,
  POCKETNET_MAX_IN_FLIGHT, POCKETNET_MIN_IN_FLIGHT, POCKETNET_ADAPTIVE_LIMIT,
  POCKETNET_LATENCY_TOLERANCE, POCKETNET_WRITER_MAX_QUEUE_MS (load shedding), POCKETNET_REDIS_DURABILITY,
  POCKETNET_REDIS_CHECK_MS (how often a served Redis is checked again),
  POCKETNET_STREAM_HIGH_WATER_MARK, POCKETNET_STREAM_STALL_TIMEOUT,
  POCKETNET_STREAM_TOTAL_HIGH_WATER_MARK (slow stream clients' limits),
  POCKETNET_MAX_UPLOAD_SIZE, POCKETNET_GRAPHQL_MAX_MUTATION_FIELDS (what one request may ask),
  POCKETNET_SPLICE_DARS (--splice-dars), XDG_CACHE_HOME (where fetched Splice DARs are kept)
`;

export async function runCli(argv: readonly string[], streams: Streams): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'start') return startCommand(rest, streams);
  if (command === 'writer') return writerCommand(rest, streams);
  if (command === 'gateway') return gatewayCommand(rest, streams);
  if (command === 'worker') return workerCommand(rest, streams);
  if (command === 'splice-dars') return spliceDarsCommand(rest, streams);
  if (command === 'codegen') return codegenCommand(rest, streams);
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
