import {
  type BuiltPackage,
  buildDar,
  buildPackage,
  type DefTemplate,
  lfExprs as e,
  lfName,
  readDar,
  lfTypes as t,
} from '@pocketnet/daml-lf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDar, upload } from './dar-fixtures.ts';
import { allocateParty, commands, createUser, json } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';
import { decodePreparedTransaction } from './wallet-sdk-offline.ts';

type Event = {
  CreatedEvent?: { templateId: string; packageName: string; contractId: string };
  ExercisedEvent?: { templateId: string; packageName: string; exerciseResult: unknown };
};
type Answer = { status: number; body: { transaction?: { events: Event[] }; code?: string } };

// A hand-built package in versions: 2.0.0 adds an optional `tag` at the end of Note, and
// its Show tells which version ran and what tag it saw; 3.0.0 (refused on upload) drops it.
const note = lfName('Test.Notes', 'Note');
const noteField = (field: string) => e.field(note, field, e.variable('this'));

function notesPackage(version: '1.0.0' | '2.0.0' | '3.0.0', upgradedPackageId?: string) {
  const tagged = version === '2.0.0';
  const shown = tagged
    ? e.caseOf(noteField('tag'), [
        { pattern: { tag: 'optionalNone' }, body: e.text('v2, no tag') },
        { pattern: { tag: 'optionalSome', binder: 'tag' }, body: e.variable('tag') },
      ])
    : e.text(`v${version[0]}`);
  const template: DefTemplate = {
    name: 'Note',
    param: 'this',
    precond: e.bool(true),
    signatories: e.list(t.party, [noteField('owner')]),
    observers: e.list(t.party, []),
    choices: new Map([
      [
        'Show',
        {
          name: 'Show',
          consuming: false,
          controllers: e.list(t.party, [noteField('owner')]),
          selfBinder: 'self',
          argBinder: { name: 'arg', type: t.unit },
          returnType: t.text,
          update: e.pure(t.text, shown),
        },
      ],
    ]),
    implements: new Map(),
  };
  return buildPackage({
    name: 'test-notes',
    version,
    ...(upgradedPackageId ? { upgradedPackageId } : {}),
    modules: {
      'Test.Notes': {
        dataTypes: [
          {
            tag: 'record',
            name: 'Note',
            params: [],
            serializable: true,
            fields: [
              { field: 'owner', type: t.party },
              ...(version === '3.0.0' ? [] : [{ field: 'text', type: t.text }]),
              ...(tagged ? [{ field: 'tag', type: t.optional(t.text) }] : []),
            ],
          },
        ],
        templates: [template],
      },
    },
  });
}

describe('package upgrades (smart-contract upgrading)', () => {
  let node: TestNode;
  let owner = '';
  let v1: BuiltPackage;
  let v2: BuiltPackage;
  let amulet19 = '';
  let amulet20 = '';

  const submit = async (list: unknown[], extra: Record<string, unknown> = {}) => {
    const response = await node.call('/v2/commands/submit-and-wait-for-transaction', {
      user: 'upgrader',
      body: {
        commands: commands([owner], list, extra),
        transactionFormat: {
          eventFormat: { filtersByParty: { [owner]: {} }, verbose: false },
          transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
        },
      },
    });
    return { status: response.status, body: await response.json() } as Answer;
  };
  const create = async (templateId: string, createArguments: unknown) => {
    const answer = await submit([{ CreateCommand: { templateId, createArguments } }]);
    const created = answer.body.transaction?.events[0]?.CreatedEvent;
    if (!created) throw new Error(`not created: ${JSON.stringify(answer.body)}`);
    return created;
  };
  const exercise = async (
    templateId: string,
    contractId: string,
    choice: string,
    extra: Record<string, unknown> = {},
  ) => {
    const answer = await submit(
      [{ ExerciseCommand: { templateId, contractId, choice, choiceArgument: {} } }],
      extra,
    );
    return { ...answer, exercised: answer.body.transaction?.events[0]?.ExercisedEvent };
  };
  const preferred = async (name: string) =>
    json<{
      packagePreference?: { packageReference: { packageId: string; packageVersion: string } };
    }>(
      await node.call(`/v2/interactive-submission/preferred-package-version?package-name=${name}`),
    );

  beforeAll(async () => {
    node = await startTestNode({ pages: false });
    owner = await allocateParty(node, 'upgrader');
    await createUser(node, 'upgrader', [owner]);
    v1 = notesPackage('1.0.0');
    v2 = notesPackage('2.0.0', v1.pkg.packageId);
    const dar19 = await sharedDar('splice-amulet-0.1.19.dar');
    const dar20 = await sharedDar('splice-amulet-0.1.20.dar');
    amulet19 = readDar(dar19).mainPackageId;
    amulet20 = readDar(dar20).mainPackageId;
    for (const dar of [dar19, dar20, buildDar([v1]), buildDar([v2])]) {
      expect((await upload(node, '/v2/dars', dar)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await node.close();
  });

  it('runs a splice-amulet 0.1.19 contract with 0.1.20 by package id and by #splice-amulet', async () => {
    const validatorRight = (pkg: string) => `${pkg}:Splice.Amulet:ValidatorRight`;
    const payload = { dso: owner, user: owner, validator: owner };
    const first = await create(validatorRight(amulet19), payload);
    expect(first).toMatchObject({
      templateId: validatorRight(amulet19),
      packageName: 'splice-amulet',
    });
    const byId = await exercise(
      validatorRight(amulet20),
      first.contractId,
      'ValidatorRight_ArchiveAsUser',
    );
    expect(byId.status).toBe(200);
    // The exercise carries the template that defined the choice run: the target version.
    expect(byId.exercised).toMatchObject({
      templateId: validatorRight(amulet20),
      packageName: 'splice-amulet',
    });
    const second = await create(validatorRight(amulet19), payload);
    const byName = await exercise(
      '#splice-amulet:Splice.Amulet:ValidatorRight',
      second.contractId,
      'ValidatorRight_ArchiveAsUser',
    );
    expect(byName.status).toBe(200);
    expect(byName.exercised?.templateId).toBe(validatorRight(amulet20));
    const third = await create(validatorRight(amulet19), payload);
    const pinned = await exercise(
      '#splice-amulet:Splice.Amulet:ValidatorRight',
      third.contractId,
      'ValidatorRight_ArchiveAsUser',
      { packageIdSelectionPreference: [amulet19] },
    );
    expect(pinned.exercised?.templateId).toBe(validatorRight(amulet19));
    // The node's own (TypeScript) splice-amulet keeps its contracts: a create by name makes
    // one of it, and naming the real package's id runs its own choice, not the Daml-LF one.
    const own = await create('#splice-amulet:Splice.Amulet:ValidatorRight', payload);
    expect(own.templateId).not.toBe(validatorRight(amulet20));
    const acrossKinds = await exercise(
      validatorRight(amulet20),
      own.contractId,
      'ValidatorRight_ArchiveAsUser',
    );
    expect(acrossKinds.status).toBe(200);
    expect(acrossKinds.exercised?.templateId).toBe(own.templateId);
    expect(
      (await preferred('splice-amulet')).packagePreference?.packageReference.packageVersion,
    ).toBe('0.1.20');
  });

  it('upgrades a hand-built 1.0.0 contract for 2.0.0 (its tag None) and downgrades one without a tag', async () => {
    const noteOf = (pkg: BuiltPackage) => `${pkg.pkg.packageId}:Test.Notes:Note`;
    const old = await create(noteOf(v1), { owner, text: 'hello' });
    expect((await exercise(noteOf(v2), old.contractId, 'Show')).exercised).toMatchObject({
      templateId: noteOf(v2),
      exerciseResult: 'v2, no tag',
    });
    expect(
      (await exercise('#test-notes:Test.Notes:Note', old.contractId, 'Show')).exercised,
    ).toMatchObject({ templateId: noteOf(v2), exerciseResult: 'v2, no tag' });
    const untagged = await create(noteOf(v2), { owner, text: 'plain' });
    expect((await exercise(noteOf(v1), untagged.contractId, 'Show')).exercised).toMatchObject({
      templateId: noteOf(v1),
      exerciseResult: 'v1',
    });
    const tagged = await create(noteOf(v2), { owner, text: 'rich', tag: 'red' });
    expect((await exercise(noteOf(v2), tagged.contractId, 'Show')).exercised?.exerciseResult).toBe(
      'red',
    );
    const refused = await exercise(noteOf(v1), tagged.contractId, 'Show');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD');
  });

  it('prepares a #name command with the package packageIdSelectionPreference names', async () => {
    const prepareWith = async (preference: string[]) => {
      const response = await node.call('/v2/interactive-submission/prepare', {
        user: 'upgrader',
        body: {
          commands: [
            {
              CreateCommand: {
                templateId: '#test-notes:Test.Notes:Note',
                createArguments: { owner, text: 'prepared' },
              },
            },
          ],
          commandId: `prepare-${preference.length}`,
          actAs: [owner],
          userId: 'upgrader',
          packageIdSelectionPreference: preference,
        },
      });
      expect(response.status).toBe(200);
      const { preparedTransaction } = await json<{ preparedTransaction: string }>(response);
      const [root] = decodePreparedTransaction(preparedTransaction).transaction?.nodes ?? [];
      const txNode = root?.versionedNode.oneofKind === 'v1' ? root.versionedNode.v1.nodeType : null;
      return txNode?.oneofKind === 'create' ? txNode.create.templateId?.packageId : undefined;
    };
    expect(await prepareWith([])).toBe(v2.pkg.packageId);
    expect(await prepareWith([v1.pkg.packageId])).toBe(v1.pkg.packageId);
  });

  it('prefers the newest vetted version of a name, and the older once the newest is unvetted', async () => {
    expect((await preferred('test-notes')).packagePreference?.packageReference).toMatchObject({
      packageId: v2.pkg.packageId,
      packageVersion: '2.0.0',
    });
    const unvet = await node.call('/v2/package-vetting', {
      body: {
        changes: [
          { operation: { Unvet: { value: { packages: [{ packageId: v2.pkg.packageId }] } } } },
        ],
        dryRun: false,
      },
    });
    expect(unvet.status).toBe(200);
    expect((await preferred('test-notes')).packagePreference?.packageReference.packageId).toBe(
      v1.pkg.packageId,
    );
    const fresh = await create('#test-notes:Test.Notes:Note', { owner, text: 'after' });
    expect(fresh.templateId).toBe(`${v1.pkg.packageId}:Test.Notes:Note`);
  });

  it('refuses a new version that is no valid upgrade: DAR_NOT_VALID_UPGRADE', async () => {
    const v3 = notesPackage('3.0.0', v2.pkg.packageId);
    const refused = await upload(node, '/v2/dars', buildDar([v3]));
    expect(refused).toMatchObject({ status: 400, body: { code: 'DAR_NOT_VALID_UPGRADE' } });
  });
});
