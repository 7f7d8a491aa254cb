import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 21, as runtime's vocabulary guard: the automations read a contract's payload, a choice's
// argument or its result only through runtime's typed readers on the generated vocabulary
// (`payloadOf(amuletTemplates.Amulet, node.createArgument).owner`), so that a field Splice's
// packages rename fails to compile here. Any other use of the ledger's untyped value (a field
// taken off it, a cast, a destructuring, a helper that reads it as text) fails this test.

const src = fileURLToPath(new URL('../', import.meta.url));

function automationSources(): { readonly path: string; readonly text: string }[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => ({ path, text: readFileSync(`${src}${path}`, 'utf8') }));
}

/** A typed reader given the ledger's value whole, as its last argument (however formatted). */
const typedRead =
  /\b(?:payloadOf|argumentOf|resultOf)\(\s*[\w.]+\s*,\s*[\w.]*\b(?:createArgument|choiceArgument|exerciseResult)\s*,?\s*\)/g;
const ledgerValue = /\b(?:createArgument|choiceArgument|exerciseResult)\b/g;

/** The uses of a ledger value in `text` that are no typed read, with their line. */
function untypedReads(text: string): string[] {
  // Blanked rather than cut, so that what is left keeps its lines.
  const rest = text.replace(typedRead, (read) => read.replace(/\S/g, ' '));
  return [...rest.matchAll(ledgerValue)].map(
    (use) => `${rest.slice(0, use.index).split('\n').length}: ${use[0]}`,
  );
}

describe('the automations on the generated Splice vocabulary', () => {
  const sources = automationSources();

  it('knows the sources it checks', () => {
    expect(sources.map((source) => source.path)).toContain('validator/sweep.automation.ts');
    expect(sources.map((source) => source.path)).not.toContain(
      'validator/vocabulary-guard.test.ts',
    );
  });

  it('tells a typed read from an untyped one', () => {
    const sample = [
      'const owner = payloadOf(amuletTemplates.Amulet, node.createArgument).owner;',
      'payloadOf(',
      '  mergeDelegationTemplates.MergeDelegationProposal,',
      '  node.createArgument,',
      ').delegation.operator;',
      'const receiver = payloadText(node.createArgument.receiver);',
      "const owner = node.createArgument['owner'];",
      'const { sender } = node.createArgument;',
      'const offer = node.createArgument as Offer;',
      'const result = node',
      '  .exerciseResult.meta;',
    ].join('\n');
    expect(untypedReads(sample)).toEqual([
      '6: createArgument',
      '7: createArgument',
      '8: createArgument',
      '9: createArgument',
      '11: exerciseResult',
    ]);
  });

  it('reads every payload through a typed reader', () => {
    const untyped = sources.flatMap(({ path, text }) =>
      untypedReads(text).map((found) => `${path}:${found}`),
    );
    expect(untyped).toEqual([]);
  });
});
