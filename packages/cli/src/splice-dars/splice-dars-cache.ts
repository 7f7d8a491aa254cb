import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { SpliceDarsError } from '@pocketnet/runtime/splice-dars';

type Env = Readonly<Record<string, string | undefined>>;

/** The user's cache of Splice releases' DARs: `$XDG_CACHE_HOME/pocketnet/splice-dars` (~/.cache). */
export function spliceDarsCacheRoot(env: Env): string {
  const cache = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(cache, 'pocketnet', 'splice-dars');
}

export const spliceReleasePattern = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/**
 * `--splice-dars DIR|VERSION` (POCKETNET_SPLICE_DARS): a folder of DARs, or a Splice release
 * fetched into the cache before (`pocketnet splice-dars fetch --version VERSION`).
 */
export function resolveSpliceDars(value: string, env: Env): { dir: string; release?: string } {
  if (existsSync(value)) {
    if (!statSync(value).isDirectory())
      throw new SpliceDarsError(`--splice-dars ${value} is not a folder of DARs`);
    return { dir: resolve(value) };
  }
  if (spliceReleasePattern.test(value)) {
    const dir = join(spliceDarsCacheRoot(env), value);
    if (existsSync(dir)) return { dir, release: value };
    throw new SpliceDarsError(
      `no Splice ${value} DARs in ${spliceDarsCacheRoot(env)}: run pocketnet splice-dars fetch --version ${value}`,
    );
  }
  throw new SpliceDarsError(`--splice-dars ${value}: no such folder, nor a Splice version`);
}
