import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { scaleOutSettings } from '@pocketnet/automations';
import { defaultStreamLimits } from '@pocketnet/gateway';
import { describe, expect, it } from 'vitest';
import { helpOf } from '../command-help.ts';
import { parseStartOptions } from '../start-options.ts';
import { markdownOfRows } from './option-table.ts';
import { commandLineDocs, withOptionsTable } from './options-docs.ts';
import { startOptionRows } from './start-option-rows.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** The sources (no tests) of every workspace but the benchmarks. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'test' || name === 'testing') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const workspaces = ['schema', 'runtime', 'automations', 'gateway', 'packages'];

describe('the option table', () => {
  it("is the docs' options table (node packages/cli/src/options/options-docs.ts remakes it)", () => {
    const page = readFileSync(commandLineDocs, 'utf8');
    expect(page).toContain(markdownOfRows(startOptionRows));
    expect(withOptionsTable(page)).toBe(page);
  });

  it('is what --help lists', () => {
    const help = helpOf('start');
    for (const row of startOptionRows) {
      expect(help).toContain(row.flag ? `--${row.flag}` : `${row.env}=`);
      expect(help).toContain(row.description);
    }
  });

  it('names every POCKETNET_ variable the sources mention, and only start-options reads the environment', () => {
    const named = new Set(startOptionRows.flatMap((row) => (row.env ? [row.env] : [])));
    const readers: string[] = [];
    for (const file of workspaces.flatMap((workspace) => sourceFiles(join(root, workspace)))) {
      const text = readFileSync(file, 'utf8');
      for (const [variable] of text.matchAll(/POCKETNET_[A-Z_]+/g)) {
        expect(named, `${variable} in ${file}`).toContain(variable);
      }
      if (/process\.env\b/.test(text)) readers.push(file.slice(root.length));
    }
    expect(readers).toEqual(['packages/cli/src/start-options.ts']);
  });

  it("has the gateway's stream limits and the scale-out knobs' own defaults", () => {
    const options = parseStartOptions([], {});
    expect(options.streamLimits).toEqual(defaultStreamLimits);
    expect(options.scaleOut).toEqual(scaleOutSettings({}));
  });

  it('takes a variable when its flag is not given, and the flag over it', () => {
    expect(parseStartOptions([], { POCKETNET_PORT: '7600' }).port).toBe(7600);
    expect(parseStartOptions(['--port', '7601'], { POCKETNET_PORT: '7600' }).port).toBe(7601);
    expect(parseStartOptions([], { POCKETNET_PORT: '' }).port).toBe(7575);
    expect(parseStartOptions([], { POCKETNET_MAX_IN_FLIGHT: '9' }).scaleOut.maxInFlight).toBe(9);
    expect(() => parseStartOptions([], { POCKETNET_MAX_IN_FLIGHT: 'many' })).toThrow(
      'invalid POCKETNET_MAX_IN_FLIGHT many: use a whole number above 0',
    );
    expect(() => parseStartOptions([], { POCKETNET_PORT: '70000' })).toThrow(
      'invalid --port 70000 (from POCKETNET_PORT): use a port number, 0 to 65535',
    );
  });
});
