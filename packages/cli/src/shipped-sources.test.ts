import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 25: test code is not shipped. What tests share lives in each workspace's testing/
// folder, which builds leave out; src/ holds only what runs, and its own *.test.ts files.

const root = new URL('../../../', import.meta.url);
const rootManifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  workspaces: string[];
};

function workspaceFolders(): string[] {
  return rootManifest.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(new URL(pattern.slice(0, -1), root), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -1)}${entry.name}`)
      : [pattern],
  );
}

function sourceFiles(folder: string): string[] {
  const src = new URL(`${folder}/src/`, root);
  try {
    return readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(ts|js)$/.test(path) && !path.includes('node_modules'))
      .map((path) => `${folder}/src/${path}`);
  } catch {
    return [];
  }
}

describe('src/ ships no test code', () => {
  const shipped = workspaceFolders()
    .flatMap(sourceFiles)
    .filter((path) => !path.endsWith('.test.ts'));

  it('finds the sources', () => {
    expect(shipped).toContain('packages/ledger/src/index.ts');
  });

  it('has no test helpers or measuring scripts in src/', () => {
    expect(shipped.filter((path) => /(\.test-helper\.ts|\/measure-[^/]*)$/.test(path))).toEqual([]);
  });

  it('has no file outside a test importing vitest', () => {
    const importsVitest = (path: string) =>
      /from ['"](vitest|@fast-check\/vitest)['"]/.test(readFileSync(new URL(path, root), 'utf8'));
    expect(shipped.filter(importsVitest)).toEqual([]);
  });
});

describe('src/ takes node:http values through nodeHttp', () => {
  // An ES import of node:http loads undici at start (~30 ms, ~13 MB; see the gateway's http/
  // node-http.ts): values come from `nodeHttp`, and only types are imported. The benchmarks'
  // own servers are no part of the node.
  it('has no ES import of a value from node:http', () => {
    const valueImport = /^import\s+(?!type\b)[^;]*from\s+['"](node:)?http['"]/m;
    const importsHttpValues = (path: string) =>
      valueImport.test(readFileSync(new URL(path, root), 'utf8'));
    const offending = workspaceFolders()
      .filter((folder) => folder !== 'bench')
      .flatMap(sourceFiles)
      .filter((path) => !path.endsWith('.test.ts'))
      .filter(importsHttpValues);
    expect(offending).toEqual([]);
  });
});

describe('no lines packed to pass the file-size rule', () => {
  // Issue 25, item 8: `...{ a, b, c },` on one line keeps an object's fields from the
  // formatter's layout only to save lines. Files split by meaning instead.
  it('has no one-line spread of an object literal in any source or test', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.js'], {
      cwd: fileURLToPath(root),
      encoding: 'utf8',
    })
      .split('\n')
      .filter((path) => path !== '');
    expect(files.length).toBeGreaterThan(100);
    const packed = /^\s*\.\.\.\{ .* \},?$/m;
    const offending = files.filter((path) => {
      try {
        return packed.test(readFileSync(new URL(path, root), 'utf8'));
      } catch {
        return false; // listed by git but deleted in the working tree
      }
    });
    expect(offending).toEqual([]);
  });
});
