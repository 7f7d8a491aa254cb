import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spliceVocabulary } from '@pocketnet/splice';
import { describe, expect, it } from 'vitest';
import { amuletRulesTemplate, walletInstall } from './splice-templates.ts';
import { type ArgumentFields, exerciseOf } from './typed-commands.ts';

// Issue 21: runtime speaks Splice through the generated vocabulary only. A choice named in a
// string, or a payload read by a path of field names, compiles whatever Splice's packages call
// things; these checks keep them from coming back. Scan's rendering (scan/history/render) is
// moving to the gateway and is left out here until it has.

const src = fileURLToPath(new URL('../', import.meta.url));
const leftOut = /^scan\/history\/render\//;

function runtimeSources(): { readonly path: string; readonly text: string }[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !leftOut.test(path))
    .map((path) => ({ path, text: readFileSync(`${src}${path}`, 'utf8') }));
}

type Named = { readonly templateId: string; readonly choices: Record<string, { name: string }> };
const isTemplate = (value: unknown): value is Named =>
  typeof value === 'object' && value !== null && 'templateId' in value && 'choices' in value;

/** Every choice of the generated vocabulary but Archive, which every template has. */
function spliceChoiceNames(): Set<string> {
  const names = new Set<string>();
  for (const pkg of Object.values(spliceVocabulary)) {
    if (typeof pkg !== 'object' || pkg === null) continue;
    for (const module of Object.values(pkg)) {
      for (const template of Object.values(module as object)) {
        if (!isTemplate(template)) continue;
        for (const choice of Object.values(template.choices)) names.add(choice.name);
      }
    }
  }
  names.delete('Archive');
  return names;
}

/** String literals in `text` that are a Splice choice's name, with their line. */
function choiceStrings(text: string, choices: ReadonlySet<string>): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/(['"`])([A-Za-z0-9_]+)\1/g)) {
      const name = match[2];
      if (name !== undefined && choices.has(name)) found.push(`${index + 1}: ${name}`);
    }
  });
  return found;
}

// The readers runtime had before it read payloads by their generated types, and the untyped
// reads they stood for: a payload's field taken straight off createArgument, or a payload,
// argument or result cast to a shape of its own.
const pathReader =
  /\b(fieldAt|valueAt|textAt|textsAt|optionalTextAt|textOf|numericAt|numericOf|microsAt|roundNumberAt)\s*\(|\bcreateArgument(\.\w|\[)|\b(createArgument|choiceArgument|exerciseResult) as /;

describe('runtime on the generated Splice vocabulary', () => {
  const choices = spliceChoiceNames();
  const sources = runtimeSources();

  it('knows the choices and the sources it checks', () => {
    expect(choices).toContain('AmuletRules_AdvanceOpenMiningRounds');
    expect(choices).toContain('TransferInstruction_Accept');
    expect(sources.map((source) => source.path)).toContain('devnet/round-automation.ts');
    expect(sources.map((source) => source.path)).not.toContain(
      'scan/history/render/update-item.render.ts',
    );
  });

  it('finds a choice named in a string, in any quotes', () => {
    const sample = [
      "exercise(rules, 'AmuletRules_Transfer', {})",
      'if (node.choice === "TransferCommand_Expire") return;',
      'const name = `MergeDelegation_Merge`;',
      "const fine = choicesOf.amulet.Amulet_ExpireV2.name; // 'Archive' is no Splice choice",
    ].join('\n');
    expect(choiceStrings(sample, choices)).toEqual([
      '1: AmuletRules_Transfer',
      '2: TransferCommand_Expire',
      '3: MergeDelegation_Merge',
    ]);
  });

  it('names no Splice choice in a string', () => {
    const named = sources.flatMap(({ path, text }) =>
      choiceStrings(text, choices).map((found) => `${path}:${found}`),
    );
    expect(named).toEqual([]);
  });

  it('reads no payload by a path of field names', () => {
    expect(pathReader.test("const owner = textAt(payload, 'amulet', 'owner');")).toBe(true);
    expect(pathReader.test('const owner = node.createArgument.owner;')).toBe(true);
    expect(pathReader.test("const owner = node.createArgument['owner'];")).toBe(true);
    expect(pathReader.test('const { round } = node.createArgument as Payload;')).toBe(true);
    expect(pathReader.test('payloadOf(amuletTemplates.Amulet, node.createArgument).owner')).toBe(
      false,
    );
    const readers = sources.flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, index) => (pathReader.test(line) ? [`${path}:${index + 1}: ${line}`] : [])),
    );
    expect(readers).toEqual([]);
  });

  it('checks nested argument fields at compile time', () => {
    const batch = walletInstall.WalletAppInstall.choices.WalletAppInstall_ExecuteBatch;
    const context: ArgumentFields<spliceVocabulary.splice_amulet.Splice.AmuletRules.PaymentTransferContext> =
      {
        amuletRules: 'rules',
        context: {
          openMiningRound: 'round',
          issuingMiningRounds: [[{ number: '1' }, 'issuing']],
          validatorRights: [],
          featuredAppRight: null,
        },
      };
    const command = exerciseOf(walletInstall.WalletAppInstall, 'install', batch, {
      context,
      inputs: [{ tag: 'InputAmulet', value: 'amulet' }],
      operations: [
        { tag: 'CO_Tap', value: { tapAmount: '1.0' } },
        // @ts-expect-error: CO_Tap's value has tapAmount, not amount (a nested field).
        { tag: 'CO_Tap', value: { amount: '1.0' } },
        // @ts-expect-error: no such operation.
        { tag: 'CO_Teleport', value: {} },
      ],
    });
    expect(command).toMatchObject({ kind: 'exercise', choice: batch.name });
    exerciseOf(amuletRulesTemplate, 'rules', amuletRulesTemplate.choices.AmuletRules_DevNet_Tap, {
      receiver: 'alice',
      amount: '1.0',
      openRound: 'round',
      // @ts-expect-error: the tap's argument has no `round` beside its openRound.
      round: 'round',
    });
  });
});
