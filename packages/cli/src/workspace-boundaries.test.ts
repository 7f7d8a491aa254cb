import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/design.md's one-way import rule, checked on the dependency edges the package.json files
// declare (Biome's noUndeclaredDependencies ties every import to a declared edge).
const allowed: Readonly<Record<string, readonly string[]>> = {
  '@pocketnet/schema': [],
  '@pocketnet/ledger': ['@pocketnet/schema'],
  '@pocketnet/daml-lf': ['@pocketnet/ledger'],
  '@pocketnet/daml-script': ['@pocketnet/daml-lf', '@pocketnet/ledger'],
  '@pocketnet/splice': ['@pocketnet/ledger'],
  '@pocketnet/runtime': [
    '@pocketnet/splice',
    '@pocketnet/daml-lf',
    '@pocketnet/ledger',
    '@pocketnet/schema',
  ],
  '@pocketnet/automations': ['@pocketnet/runtime', '@pocketnet/ledger', '@pocketnet/schema'],
  '@pocketnet/gateway': ['@pocketnet/runtime', '@pocketnet/ledger', '@pocketnet/schema'],
  '@pocketnet/client': ['@pocketnet/schema'],
  '@pocketnet/web': ['@pocketnet/client', '@pocketnet/schema'],
  '@pocketnet/cli': [
    '@pocketnet/gateway',
    '@pocketnet/automations',
    '@pocketnet/runtime',
    '@pocketnet/web',
    '@pocketnet/daml-script',
    '@pocketnet/daml-lf',
    '@pocketnet/ledger',
    '@pocketnet/schema',
  ],
  '@pocketnet/bench': ['*'],
};

type Manifest = { name: string; dependencies?: Record<string, string> };

const root = new URL('../../../', import.meta.url);
const rootManifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  workspaces: string[];
};

/** Each workspace's folder beside its manifest, for reading its entry point. */
function workspaceManifests(): (Manifest & { folder: string })[] {
  return rootManifest.workspaces.flatMap((pattern) => {
    const folders = pattern.endsWith('/*')
      ? ['ledger', 'daml-lf', 'daml-script', 'client', 'cli', 'splice', 'web'].map(
          (name) => `${pattern.slice(0, -1)}${name}`,
        )
      : [pattern];
    return folders.flatMap((folder) => {
      try {
        const manifest = JSON.parse(
          readFileSync(new URL(`${folder}/package.json`, root), 'utf8'),
        ) as Manifest;
        return [{ ...manifest, folder }];
      } catch {
        return [];
      }
    });
  });
}

/** The table of docs/design.md's "What may import what", as workspace -> what it may import. */
function documentedEdges(): Record<string, string[]> {
  const design = readFileSync(new URL('docs/design.md', root), 'utf8');
  const section = design.split('## What may import what')[1] ?? '';
  const rows = section.split('\n').filter((line) => /^\| `@pocketnet\//.test(line));
  return Object.fromEntries(
    rows.map((row) => {
      const [workspace = '', imports = ''] = row.split('|').slice(1, 3);
      const names = [...imports.matchAll(/`(@pocketnet\/[a-z-]+)`/g)].map(
        (match) => match[1] ?? '',
      );
      return [workspace.trim().replaceAll('`', ''), imports.includes('anything') ? ['*'] : names];
    }),
  );
}

describe('workspace dependencies point one way', () => {
  it('are the edges docs/design.md gives', () => {
    expect(documentedEdges()).toEqual(allowed);
  });

  const manifests = workspaceManifests();

  it('knows every workspace', () => {
    expect(manifests.map((manifest) => manifest.name)).toContain('@pocketnet/ledger');
    for (const manifest of manifests) expect(Object.keys(allowed)).toContain(manifest.name);
  });

  it.each(manifests.map((manifest) => [manifest.name, manifest] as const))(
    '%s depends only on the workspaces below it',
    (name, manifest) => {
      const permitted = allowed[name] ?? [];
      const internal = Object.keys(manifest.dependencies ?? {}).filter((dependency) =>
        dependency.startsWith('@pocketnet/'),
      );
      if (permitted.includes('*')) return;
      expect(internal.filter((dependency) => !permitted.includes(dependency))).toEqual([]);
    },
  );

  // A name is imported from the workspace that defines it: an entry point passing on another
  // workspace's names would hide an edge the table above does not give.
  const entries = manifests
    .map((manifest) => [manifest.name, new URL(`${manifest.folder}/src/index.ts`, root)] as const)
    .filter(([, entry]) => existsSync(entry));
  it('reads the entry points', () => {
    expect(entries.map(([name]) => name)).toContain('@pocketnet/runtime');
  });
  it.each(entries)('%s exports only names it defines', (_name, entry) => {
    const reexports = readFileSync(entry, 'utf8').match(/^export[^;]*from '@pocketnet\/[^']*';$/gm);
    expect(reexports ?? []).toEqual([]);
  });
});
