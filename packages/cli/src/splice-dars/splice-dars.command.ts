import { parseArgs } from 'node:util';
import { isSpliceDarsError } from '@pocketnet/runtime/splice-dars';
import { helpOf } from '../command-help.ts';
import { cacheEnvironment } from '../start-options.ts';
import { fetchSpliceDars } from './fetch-splice-dars.ts';
import { spliceReleasePattern } from './splice-dars-cache.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/** `pocketnet splice-dars fetch --version V [--from URL|DIR]`. */
export async function spliceDarsCommand(args: readonly string[], streams: Streams) {
  const refuse = (message: string) => {
    streams.stderr.write(`pocketnet splice-dars: ${message}\n`);
    return 2;
  };
  if (args.includes('--help') || args.includes('-h')) {
    streams.stdout.write(helpOf('splice-dars'));
    return 0;
  }
  const [action, ...rest] = args;
  if (action !== 'fetch') return refuse(`unknown action ${action ?? '(none)'}: use fetch`);
  let values: { version?: string | undefined; from?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { version: { type: 'string' }, from: { type: 'string' } },
    }));
  } catch (error) {
    return refuse((error as Error).message);
  }
  const { version, from } = values;
  if (!version) return refuse('fetch needs --version, e.g. --version 0.6.11');
  if (!spliceReleasePattern.test(version)) return refuse(`invalid --version ${version}`);
  try {
    const set = await fetchSpliceDars({ version, from, env: cacheEnvironment() });
    for (const dar of set.dars) {
      streams.stdout.write(`${dar.name} ${dar.version} ${dar.packageId}\n`);
    }
    streams.stdout.write(`Splice ${version}'s DARs are in ${set.dir}\n`);
    return 0;
  } catch (error) {
    if (isSpliceDarsError(error)) return refuse(error.message);
    throw error;
  }
}
