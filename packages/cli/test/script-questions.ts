import {
  buildDar,
  buildPackage,
  type DefTemplate,
  type Expr,
  lfExprs as e,
  type LfValue,
  lfName,
  type Type,
  lfTypes as t,
} from '@pocketnet/daml-lf';
import { scriptLibrary } from './script-dars.ts';

const lowLevel = 'Daml.Script.Internal.LowLevel';

/**
 * A DAR (`script-questions` 1.0.0) over the real daml-script library whose script
 * `Main:ask (name, payload)` asks the runner one question, exactly as the library's own commands
 * do (a `Free (ScriptF (Question …))` step), and returns the answer; with two templates,
 * `Main:Asset` and `Main:Other` (signatory `owner`, a consuming `Archive`), to submit.
 * Tests build the questions' payloads as the library's records (`questionValues`).
 */
export function questionScriptDar() {
  const { bundled, idOf } = scriptLibrary();
  const script = idOf('daml-script');
  const tuple2 = lfName('DA.Types', 'Tuple2', idOf('daml-prim-DA-Types'));
  const free = lfName('Daml.Script.Internal.Free', 'Free', script);
  const scriptF = lfName(lowLevel, 'ScriptF', script);
  const ledgerValue = t.con(lfName(lowLevel, 'LedgerValue', script));
  const result = t.con(tuple2, ledgerValue, t.unit);
  const step = t.con(free, t.con(scriptF), result);
  const freeOf = (variant: 'Pure' | 'Free', arg: Expr): Expr => ({
    tag: 'variantCon',
    tycon: { tycon: free, args: [t.con(scriptF), result] },
    variant,
    arg,
  });
  const pair = t.con(tuple2, t.text, ledgerValue);
  const part = (field: '_1' | '_2') =>
    e.field(tuple2, field, e.variable('q'), [t.text, ledgerValue]);
  const question = e.record(
    lfName(lowLevel, 'Question', script),
    {
      commandName: part('_1'),
      commandVersion: { tag: 'builtinLit', lit: { tag: 'int64', value: 1n } },
      payload: part('_2'),
      locations: e.list(t.unit, []),
      continue: e.lambda(
        [['answer', ledgerValue]],
        freeOf(
          'Pure',
          e.record(tuple2, { _1: e.variable('answer'), _2: e.unit }, [ledgerValue, t.unit]),
        ),
      ),
    },
    [ledgerValue, ledgerValue, step],
  );
  const ask = e.lambda(
    [['q', pair]],
    e.record(
      lfName(lowLevel, 'Script', script),
      {
        runScript: e.lambda(
          [['unit', t.unit]],
          freeOf('Free', e.record(scriptF, { unpack: question }, [step])),
        ),
        dummy: e.unit,
      },
      [ledgerValue],
    ),
  );
  const scriptType = (of: Type) => t.con(lfName(lowLevel, 'Script', script), of);
  const main = buildPackage({
    name: 'script-questions',
    version: '1.0.0',
    modules: {
      Main: {
        dataTypes: [ownedRecord('Asset'), ownedRecord('Other'), archiveRecord],
        templates: [ownedTemplate('Asset'), ownedTemplate('Other')],
        values: [{ name: 'ask', type: t.arrow(pair, scriptType(ledgerValue)), expr: ask }],
      },
    },
  });
  return {
    dar: buildDar([main, ...bundled]),
    mainPackageId: main.pkg.packageId,
    values: questionValues(main.pkg.packageId, idOf),
  };
}

const archiveRecord = {
  tag: 'record',
  name: 'Archive',
  params: [],
  serializable: true,
  fields: [],
} as const;

function ownedRecord(name: string) {
  return {
    tag: 'record',
    name,
    params: [],
    serializable: true,
    fields: [{ field: 'owner', type: t.party }],
  } as const;
}

function ownedTemplate(name: string): DefTemplate {
  const owner = e.field(lfName('Main', name), 'owner', e.variable('this'));
  return {
    name,
    param: 'this',
    precond: e.bool(true),
    signatories: e.list(t.party, [owner]),
    observers: e.list(t.party, []),
    choices: new Map([
      [
        'Archive',
        {
          name: 'Archive',
          consuming: true,
          controllers: e.list(t.party, [owner]),
          selfBinder: 'self',
          argBinder: { name: 'arg', type: t.con(lfName('Main', 'Archive')) },
          returnType: t.unit,
          update: e.pure(t.unit, e.unit),
        },
      ],
    ]),
    implements: new Map(),
  };
}

/** The library's records and the script's argument, as LF values. */
function questionValues(mainPackageId: string, idOf: (name: string) => string) {
  const script = idOf('daml-script');
  const types = `${idOf('daml-prim-DA-Types')}:DA.Types`;
  const any = `${idOf('ghc-stdlib-DA-Internal-Any')}:DA.Internal.Any`;
  const questions = (module: string) => `${script}:Daml.Script.Internal.Questions.${module}`;
  const record = (tycon: string, fields: readonly LfValue[]): LfValue => ({
    tag: 'Record',
    tycon,
    fields,
  });
  const list = (items: readonly LfValue[]): LfValue =>
    items.reduceRight<LfValue>((tail, head) => ({ tag: 'Cons', head, tail }) as LfValue, {
      tag: 'Nil',
    });
  const party = (name: string): LfValue => ({ tag: 'Party', party: name });
  const optional = (value: LfValue | null): LfValue =>
    value === null ? { tag: 'None' } : { tag: 'Some', value };
  const templateId = (name: string) => `${mainPackageId}:Main:${name}`;
  const typeRep = (id: string) =>
    record(`${any}:TemplateTypeRep`, [{ tag: 'TypeRep', type: { tag: 'Con', tycon: id } }]);
  const command = (kind: 'Create' | 'Exercise', rank: number, fields: LfValue[]): LfValue => ({
    tag: 'Variant',
    tycon: `${questions('Commands')}:Command`,
    constructor: kind,
    rank,
    value: record(`${questions('Commands')}:Command.${kind}`, fields),
  });
  return {
    ask: (name: string, payload: LfValue) => record(`${types}:Tuple2`, [name, payload]),
    record,
    list,
    party,
    optional,
    templateId,
    packageName: (name: string, version: string) =>
      record(`${questions('Packages')}:PackageName`, [name, version]),
    create: (template: string, owner: string) =>
      command('Create', 0, [
        record(`${any}:AnyTemplate`, [
          {
            tag: 'Any',
            type: { tag: 'Con', tycon: templateId(template) },
            value: record(templateId(template), [party(owner)]),
          },
        ]),
      ]),
    archive: (template: string, contractId: string) =>
      command('Exercise', 1, [
        typeRep(templateId(template)),
        { tag: 'ContractId', contractId },
        record(`${any}:AnyChoice`, [
          {
            tag: 'Any',
            type: { tag: 'Con', tycon: templateId('Archive') },
            value: record(templateId('Archive'), []),
          },
          typeRep(templateId(template)),
        ]),
      ]),
    /** `Submit` of one submission by `actAs`, trying (the outcome is an `Either`). */
    submit: (actAs: readonly string[], commands: readonly LfValue[]) => {
      const [first = '', ...rest] = actAs;
      const submission = record(`${questions('Submit')}:Submission`, [
        record(`${idOf('daml-stdlib-DA-NonEmpty-Types')}:DA.NonEmpty.Types:NonEmpty`, [
          party(first),
          list(rest.map(party)),
        ]),
        list([]),
        list([]),
        optional(null),
        list([]),
        {
          tag: 'Enum',
          tycon: `${questions('Submit')}:ErrorBehaviour`,
          constructor: 'Try',
          rank: 2,
        },
        list(
          commands.map((each) => record(`${questions('Commands')}:CommandWithMeta`, [each, false])),
        ),
        optional(null),
      ]);
      return record(`${questions('Submit')}:Submit`, [list([submission])]);
    },
  };
}

/** A record's fields, a list's items and `PackageName`s as `name@version`, read in tests. */
export const lfFields = (value: LfValue) => (value as Extract<LfValue, { tag: 'Record' }>).fields;

export function lfItems(value: LfValue): LfValue[] {
  const found: LfValue[] = [];
  for (let cell = value as Extract<LfValue, { tag: 'Cons' }>; cell.tag === 'Cons'; ) {
    found.push(cell.head);
    cell = cell.tail as typeof cell;
  }
  return found;
}

export const packageNames = (refs: LfValue) => lfItems(refs).map((ref) => lfFields(ref).join('@'));
