import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 25: the runtime knows nothing of HTTP or wire formats. Its services take and return
// domain values; the gateway renders them (Splice's and Canton's snake_case bodies, Scan's
// serialised pages and their caches) and speaks HTTP.

const src = new URL('./', import.meta.url);
const root = new URL('../../', import.meta.url);

const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
  .sort();

/**
 * Object keys in snake_case, Splice's and Canton's wire spelling (`record_time:`,
 * `"migration_id":`, `{ created_event: …}`), found at the start of a line or after `{`, `,`
 * or `(`; not words in strings or comments.
 */
function snakeCaseKeys(text: string): string[] {
  const keys = text.matchAll(/(?:^|[{,(])\s*['"]?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)['"]?\??\s*:/gm);
  return [...keys].map((match) => match[1] as string);
}

/**
 * Where the runtime rightly spells a key in snake_case: the `field_name` of a DomainError's
 * details is the Ledger API's error metadata, which the ledger's own errors carry too.
 */
const allowed = new Set(['services/commands.service.ts field_name']);

describe('the runtime renders no wire format', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain('scan/history/history-reads.ts');
  });

  it('has no renderers: no render folder, no *.render.ts', () => {
    const renderers = sources.filter(
      (path) => path.split('/').includes('render') || path.endsWith('.render.ts'),
    );
    expect(renderers).toEqual([]);
  });

  it('spells no object key in snake_case', () => {
    const found = sources.flatMap((path) =>
      snakeCaseKeys(readFileSync(new URL(path, src), 'utf8'))
        .map((key) => `${path} ${key}`)
        .filter((place) => !allowed.has(place)),
    );
    expect(found).toEqual([]);
  });

  it('tells wire keys from words in strings and comments', () => {
    const rendered = "return { update_id: id, 'migration_id': 0,\n  record_time: t };";
    expect(snakeCaseKeys(rendered)).toEqual(['update_id', 'migration_id', 'record_time']);
    const domain = [
      "parseScanTime(text, 'after_record_time');",
      "const match: 'exact' | 'at_or_before' = 'exact';",
      ' * the `record_time` of each page: read as micros',
      "flag ? 'devnet_tap' : 'mint';",
    ].join('\n');
    expect(snakeCaseKeys(domain)).toEqual([]);
  });

  it('is kept off HTTP and sockets by the linter', () => {
    const biome = readFileSync(new URL('biome.json', root), 'utf8');
    const runtimeRules = biome.slice(biome.indexOf('"includes": ["runtime/**"]'));
    for (const module of ['express', 'node:http', 'node:https', 'node:http2', 'node:net', 'ws']) {
      expect(runtimeRules).toContain(`"${module}":`);
    }
  });
});
