// @ts-check
// Builds the command line's bundle: our sources (every workspace's src/) and a few libraries in
// a few files, so that a start reads and compiles tens of modules instead of ~1,400 (issue 24:
// a bundled start spends about half the CPU). Other libraries stay external and load from
// node_modules as they do from the sources.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFolder, pointerFile } from './start-bundle-files.js';

const entry = fileURLToPath(new URL('../run-cli.ts', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);
// Older builds are removed, but not the last few nor any an hour old or younger: a node started
// from one may still load its chunks (GraphQL's on its first request).
const keptBuilds = 5;
const keepYoungBuildsMs = 60 * 60 * 1000;

/**
 * Libraries bundled with our sources: ES modules without files of their own to read, none of
 * whose objects cross to an external library. With them, `--ephemeral` spent ~260 ms CPU and
 * idled at ~101 MB, against ~320 ms and ~110 MB with every library external. The rest stay
 * external: express and its dependencies (bundled, `is-promise` broke and every route answered
 * 500), pino (its transports load files by path in a worker), ws (optional native add-ons).
 */
const bundledLibraries = new Set(['rxjs', 'zod', 'jose', 'fflate', 'xstate']);
/** @param {string} id a specifier, or a resolved path under node_modules */
const packageOf = (id) => {
  const name = id.includes('/node_modules/') ? (id.split('/node_modules/').at(-1) ?? '') : id;
  return name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');
};
/** @param {string} id */
const isOurs = (id) =>
  bundledLibraries.has(packageOf(id)) ||
  (!id.includes('/node_modules/') &&
    (id.startsWith('.') || isAbsolute(id) || id.startsWith('@pocketnet/')));

/** @param {string} id a bundled module's file */
function inputOf(id) {
  if (!id.includes('/node_modules/')) return id;
  const at = id.lastIndexOf('/node_modules/') + '/node_modules/'.length;
  return join(id.slice(0, at), packageOf(id), 'package.json');
}

/**
 * A module reads files beside it through `import.meta.url` (pages, .proto files, the journal's
 * worker): in the bundle each keeps its own file's, not the bundle's.
 * @param {string} code
 * @param {string} id
 */
function keepOwnLocation(code, id) {
  return code
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(id)))
    .replaceAll('import.meta.filename', JSON.stringify(id));
}

/**
 * Builds into a new folder and then points `current.json` at it, so that a node already running
 * from an older build keeps its chunks, and two starts building at once both end with a whole one.
 * @returns {Promise<string>} the bundle's entry
 */
export async function buildStartBundle() {
  const { build, VERSION } = await import('rolldown');
  const startedAt = Date.now();
  const folder = join(bundleFolder, `${startedAt}-${process.pid}`);
  const output = await build({
    input: { 'run-cli': entry },
    platform: 'node',
    logLevel: 'silent',
    external: (id) => !isOurs(id),
    plugins: [
      {
        name: 'keep-own-location',
        transform: {
          filter: { code: 'import.meta.' },
          handler(code, id) {
            return id.includes('/node_modules/') ? null : { code: keepOwnLocation(code, id) };
          },
        },
      },
    ],
    output: {
      dir: folder,
      format: 'esm',
      // .mjs: no package.json above node_modules/.cache says these are ES modules.
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
    },
  });
  const moduleIds = output.output.flatMap((part) => (part.type === 'chunk' ? part.moduleIds : []));
  // A bundled library changes with its package.json (its version); its files need no stat each.
  const inputs = [...new Set([thisFile, ...moduleIds.filter((id) => isAbsolute(id)).map(inputOf)])];
  /** @type {Record<string, [number, number]>} */
  const stamps = {};
  for (const id of inputs) {
    const stat = statSync(id);
    // Changed while the build read it: recorded as never seen, so that the next start rebuilds.
    stamps[id] = stat.mtimeMs >= startedAt ? [0, 0] : [stat.mtimeMs, stat.size];
  }
  const main = join(folder, 'run-cli.mjs');
  mkdirSync(bundleFolder, { recursive: true });
  const pointer = `${pointerFile}.${process.pid}`;
  writeFileSync(pointer, JSON.stringify({ main, rolldown: VERSION, inputs: stamps }));
  renameSync(pointer, pointerFile);
  removeOldBuilds();
  return main;
}

function removeOldBuilds() {
  const builds = readdirSync(bundleFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      path: join(bundleFolder, entry.name),
      mtimeMs: statSync(join(bundleFolder, entry.name)).mtimeMs,
    }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const build of builds.slice(keptBuilds)) {
    if (Date.now() - build.mtimeMs > keepYoungBuildsMs)
      rmSync(build.path, { recursive: true, force: true });
  }
}

// Run by `npm ci` (the root's prepare script), so that a fresh clone's first start finds the
// bundle built; a build that fails there leaves the entry to try again, or to run the sources.
if (import.meta.main) {
  const started = performance.now();
  try {
    const main = await buildStartBundle();
    console.log(
      `pocketnet: start bundle ${main} built in ${(performance.now() - started).toFixed(0)} ms`,
    );
  } catch (error) {
    console.error(
      `pocketnet: the start's bundle did not build (the start will run the sources): ${error}`,
    );
  }
}
