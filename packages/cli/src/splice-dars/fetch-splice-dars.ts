import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  readSpliceDarSet,
  type SpliceDarSet,
  SpliceDarsError,
} from '@pocketnet/runtime/splice-dars';
import { darsInBundle } from './release-bundle.ts';
import { spliceDarsCacheRoot } from './splice-dars-cache.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** Where Splice publishes a release's bundle (its node's docker-compose, Helm charts and DARs). */
export const releaseBundleUrl = (version: string) =>
  `https://github.com/digital-asset/decentralized-canton-sync/releases/download/v${version}/${version}_splice-node.tar.gz`;

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new SpliceDarsError(`cannot fetch ${url}: ${cause ?? (error as Error).message}`);
  }
  if (!response.ok) throw new SpliceDarsError(`cannot fetch ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The `.dar` links of a folder's HTML listing, as static file servers write them. */
const darLinks = (html: string, base: string): string[] => [
  ...new Set(
    [...html.matchAll(/href\s*=\s*["']([^"'?#]+\.dar)["']/gi)].map(
      (match) => new URL(match[1] ?? '', base).href,
    ),
  ),
];

/** The DARs a URL offers: a release bundle (.tar.gz), or a folder listing linking .dar files. */
async function darsAtUrl(url: string): Promise<Map<string, Uint8Array>> {
  const body = await download(url);
  if (isGzip(body)) return darsInBundle(body);
  const base = url.endsWith('/') ? url : `${url}/`;
  const links = darLinks(new TextDecoder().decode(body), base);
  if (links.length === 0)
    throw new SpliceDarsError(`${url} is no release bundle and lists no DARs`);
  const dars = new Map<string, Uint8Array>();
  for (const link of links) {
    dars.set(decodeURIComponent(link.slice(link.lastIndexOf('/') + 1)), await download(link));
  }
  return dars;
}

async function darsInFolder(dir: string): Promise<Map<string, Uint8Array>> {
  const files = await readdir(dir).catch((error: Error) => {
    throw new SpliceDarsError(`cannot read ${dir}: ${error.message}`);
  });
  const dars = new Map<string, Uint8Array>();
  for (const file of files.filter((name) => name.endsWith('.dar'))) {
    dars.set(file, new Uint8Array(await readFile(join(dir, file))));
  }
  return dars;
}

const isUrl = (from: string) => /^https?:\/\//.test(from);

/**
 * `pocketnet splice-dars fetch`: a Splice release's DARs into the user's cache, checked as a
 * start would check them before anything replaces what the cache held.
 */
export async function fetchSpliceDars(input: {
  version: string;
  from?: string | undefined;
  env: Env;
}): Promise<SpliceDarSet> {
  const from = input.from ?? releaseBundleUrl(input.version);
  const dars = isUrl(from) ? await darsAtUrl(from) : await darsInFolder(from);
  const target = join(spliceDarsCacheRoot(input.env), input.version);
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    for (const [file, bytes] of dars) {
      if (file.includes('/') || file.startsWith('.')) continue;
      await writeFile(join(staging, file), bytes);
    }
    const checked = readSpliceDarSet(staging, input.version);
    if (existsSync(target)) await rm(target, { recursive: true });
    await rename(staging, target);
    return { dir: target, dars: checked.dars };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
