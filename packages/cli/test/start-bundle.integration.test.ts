import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cliMain,
  createProcessSet,
  createTempDir,
  findFreePort,
  repoRoot,
} from './node-process.ts';
import { isBannerComplete } from './pocketnet-process.ts';

// The entry runs a bundle of our sources (issue 24: a third less CPU to start), built when it is
// missing or stale, and the sources when it cannot be built. Each test builds in its own folder.
type Pointer = { main: string; inputs: Record<string, [number, number]> };

describe('the start bundle', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  /** Runs the entry with the bundle in `folder`, the packages it resolves listed in `file`. */
  function runEntry(folder: string, file: string, args: readonly string[]) {
    // The children inherit the variables that name the bundle's folder and the hook's file.
    process.env.POCKETNET_START_BUNDLE_DIR = folder;
    process.env.LOADED_PACKAGES_FILE = file;
    const hook = join(import.meta.dirname, 'loaded-packages.hook.ts');
    const spawned = processes.spawn(process.execPath, ['--import', hook, cliMain, ...args], {});
    delete process.env.POCKETNET_START_BUNDLE_DIR;
    delete process.env.LOADED_PACKAGES_FILE;
    return spawned;
  }
  const loaded = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

  it('is built when missing, reused while fresh, rebuilt once a source changes, and serves the node', async () => {
    const dir = await createTempDir('bundle');
    // The bundle imports libraries by name, found in a node_modules above it, as under the
    // checkout's: this one links to the checkout's. Under it, the hook names the bundle's folder.
    const libraries = join(dir.path, 'node_modules');
    await mkdir(libraries);
    for (const name of await readdir(join(repoRoot, 'node_modules'))) {
      await symlink(join(repoRoot, 'node_modules', name), join(libraries, name));
    }
    const folder = join(libraries, 'start-bundle');
    const pointerFile = join(folder, 'current.json');
    const readPointer = async (): Promise<Pointer> =>
      JSON.parse(await readFile(pointerFile, 'utf8'));

    const first = runEntry(folder, join(dir.path, 'first.txt'), ['--help']);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('Usage: pocketnet <command>');
    const built = await readPointer();
    expect(built.main.startsWith(folder)).toBe(true);
    expect(Object.keys(built.inputs)).toContain(
      join(import.meta.dirname, '..', 'src', 'start.command.ts'),
    );
    expect(await loaded(join(dir.path, 'first.txt'))).toEqual(
      expect.arrayContaining(['rolldown', 'start-bundle']),
    );

    // Fresh: started from the bundle, without loading the bundler.
    const port = await findFreePort();
    const fresh = join(dir.path, 'fresh.txt');
    const node = runEntry(folder, fresh, ['start', '--ephemeral', '--port', String(port)]);
    await node.waitForOutput(isBannerComplete);
    // Files read beside their modules: the pages, the journal's proto and worker are found.
    for (const path of ['/readyz', '/wallet', '/inspect', '/graphql']) {
      const page = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status, path).toBe(200);
    }
    await node.stop('SIGTERM');
    expect(await loaded(fresh)).toContain('start-bundle');
    expect(await loaded(fresh)).not.toContain('rolldown');
    expect((await readPointer()).main).toBe(built.main);

    // A source the bundle came from changed (its recorded size no longer matches): rebuilt.
    const [source] = Object.keys(built.inputs);
    built.inputs[source as string] = [0, 0];
    await writeFile(pointerFile, JSON.stringify(built));
    const again = runEntry(folder, join(dir.path, 'again.txt'), ['--help']);
    expect(await again.exited).toEqual({ code: 0, signal: null });
    const rebuilt = await readPointer();
    expect(rebuilt.main).not.toBe(built.main);
    expect(rebuilt.inputs[source as string]?.[1]).toBeGreaterThan(0);
    await dir.remove();
  });

  it('runs from the sources, saying so in one line, when the bundle cannot be built', async () => {
    const dir = await createTempDir('bundle');
    // A file where the folder should be: nothing can be written under it.
    const folder = join(dir.path, 'not-a-folder');
    await writeFile(folder, '');
    const cli = runEntry(folder, join(dir.path, 'packages.txt'), ['--help']);
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.output()).toMatch(
      /^pocketnet: running from the sources; the start's bundle did not build: .+\n/,
    );
    expect(cli.output()).toContain('Usage: pocketnet <command>');
    await dir.remove();
  });
});
