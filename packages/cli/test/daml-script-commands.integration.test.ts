import type { LfValue } from '@pocketnet/daml-lf';
import { createScriptRunner, loadScriptPackages, ScriptFailure } from '@pocketnet/daml-script';
import { afterEach, describe, expect, it } from 'vitest';
import {
  nodeScriptLedgers,
  type ScriptNodeOptions,
  scriptNodeWithDar,
} from '../src/script/test-dar.ts';
import {
  lfFields as fields,
  lfItems as items,
  packageNames as names,
  questionScriptDar,
} from './script-questions.ts';

// Daml Script's commands beyond submit and query, asked as the library asks them (a question
// step of the real daml-script 3.3 library) and answered by the runner over an in-memory node.
const built = questionScriptDar();
const packages = loadScriptPackages(built.dar);
const v = built.values;

type Variant = Extract<LfValue, { tag: 'Variant' }>;
const partyOf = (value: LfValue) => (value as { party: string }).party;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function runner(options: ScriptNodeOptions = {}) {
  const node = await scriptNodeWithDar(built.dar, options);
  closers.push(() => node.close());
  const { ledger, byName } = nodeScriptLedgers(node, options.participants);
  const run = createScriptRunner(packages, ledger, byName);
  const ask = (name: string, payload: LfValue) => run.run('Main', 'ask', v.ask(name, payload));
  return { node, ask };
}

/** The single outcome of a `Submit` of one submission: `Right` or `Left` with its value. */
const outcomeOf = (answer: LfValue) => items(answer)[0] as Variant;

describe('Daml Script package vetting', () => {
  it('lists, unvets and vets packages and DARs by name, as the participant sees them', async () => {
    const { ask } = await runner();
    const own = 'script-questions@1.0.0';
    const vetted = names(await ask('ListVettedPackages', v.record('x', [])));
    expect(vetted).toContain(own);
    expect(vetted.filter((name) => name.startsWith('daml-script@'))).toHaveLength(1);
    await ask(
      'UnvetPackages',
      v.record('x', [v.list([v.packageName('script-questions', '1.0.0')])]),
    );
    expect(names(await ask('ListVettedPackages', v.record('x', [])))).not.toContain(own);
    // Still known, no longer vetted.
    expect(names(await ask('ListAllPackages', v.record('x', [])))).toContain(own);
    await ask('VetDar', v.record('x', ['script-questions', v.optional(null)]));
    expect(names(await ask('ListVettedPackages', v.record('x', [])))).toContain(own);
    await ask('UnvetDar', v.record('x', ['script-questions', v.optional(null)]));
    expect(names(await ask('ListVettedPackages', v.record('x', [])))).not.toContain(own);
    await expect(ask('VetDar', v.record('x', ['no-such-dar', v.optional(null)]))).rejects.toThrow(
      'No DAR with main package no-such-dar is known',
    );
  });
});

describe('Daml Script on several participants', () => {
  it('allocates on a named participant and submits and queries through it', async () => {
    const { ask, node } = await runner({ participants: ['p2'] });
    const allocate = (hint: string, on: string | null) =>
      ask('AllocateParty', v.record('x', ['', hint, v.optional(on)])).then(partyOf);
    const alice = await allocate('alice', 'p2');
    const bob = await allocate('bob', null);
    const known = (on: string | null) =>
      ask('ListKnownParties', v.record('x', [v.optional(on)])).then((list) =>
        items(list).map((details) => [partyOf(fields(details)[0] as LfValue), fields(details)[1]]),
      );
    expect(await known('p2')).toContainEqual([alice, true]);
    expect(await known(null)).toContainEqual([bob, true]);
    expect(await known(null)).not.toContainEqual([alice, true]);
    // Alice's submission goes to p2, which hosts her: the contract is there, not on the default.
    const created = outcomeOf(await ask('Submit', v.submit([alice], [v.create('Asset', alice)])));
    expect(created.constructor).toBe('Right');
    const seen = await ask('QueryACS', v.record('x', [v.list([v.party(alice)]), typeRep('Asset')]));
    expect(items(seen)).toHaveLength(1);
    const [sandbox, p2] = node.participants;
    const hosted = (participant: typeof sandbox) =>
      participant?.participant.parties.get(alice)?.isLocal === true;
    expect([hosted(sandbox), hosted(p2)]).toEqual([false, true]);
    // Parties of two participants cannot submit together, as Daml's runner refuses it.
    await expect(ask('Submit', v.submit([alice, bob], [v.create('Asset', alice)]))).rejects.toThrow(
      /All parties must be on the same participant/,
    );
    await expect(allocate('carol', 'p9')).rejects.toThrow(/Unknown participant p9/);
  });
});

function typeRep(template: string): LfValue {
  return v.record(
    packages.tycon('ghc-stdlib-DA-Internal-Any', 'DA.Internal.Any', 'TemplateTypeRep'),
    [{ tag: 'TypeRep', type: { tag: 'Con', tycon: v.templateId(template) } }],
  );
}

describe('Daml Script SubmitError', () => {
  it('maps refusals to the library constructors with their fields', async () => {
    const { ask } = await runner();
    const alice = partyOf(
      await ask('AllocateParty', v.record('x', ['', 'alice', v.optional(null)])),
    );
    const bob = partyOf(await ask('AllocateParty', v.record('x', ['', 'bob', v.optional(null)])));
    const submit = async (actAs: string, command: LfValue) =>
      outcomeOf(await ask('Submit', v.submit([actAs], [command])));
    const error = (outcome: Variant) => {
      expect(outcome.constructor).toBe('Left');
      return outcome.value as Variant;
    };

    const unauthorized = error(await submit(alice, v.create('Asset', bob)));
    expect(unauthorized.constructor).toBe('AuthorizationError');
    expect(fields(unauthorized.value)[0]).toEqual(expect.stringContaining(bob));

    const created = await submit(alice, v.create('Asset', alice));
    const [results] = fields(created.value as LfValue) as [LfValue];
    const contractId = ((items(results)[0] as Variant).value as { contractId: string }).contractId;

    const wrongTemplate = error(await submit(alice, v.archive('Other', contractId)));
    expect(wrongTemplate.constructor).toBe('WronglyTypedContract');
    const [, expected, actual] = fields(wrongTemplate.value);
    expect(fields(expected as LfValue)[0]).toMatchObject({
      type: { tycon: v.templateId('Other') },
    });
    expect(fields(actual as LfValue)[0]).toMatchObject({ type: { tycon: v.templateId('Asset') } });

    expect((await submit(alice, v.archive('Asset', contractId))).constructor).toBe('Right');
    const gone = error(await submit(alice, v.archive('Asset', contractId)));
    expect(gone.constructor).toBe('ContractNotFound');
    const [unknownIds] = fields(gone.value) as [LfValue];
    expect(fields(unknownIds)[0]).toBe(contractId);
    // The constructor's rank is the library's own (ContractNotFound is its first).
    expect(gone.rank).toBe(0);
    expect(unauthorized.rank).toBe(2);
  });
});

describe('Daml Script time', () => {
  const relTime = (micros: bigint) =>
    v.record('x', [
      v.record(packages.tycon('daml-stdlib-DA-Time-Types', 'DA.Time.Types', 'RelTime'), [micros]),
    ]);
  const now = async (ask: (name: string, payload: LfValue) => Promise<LfValue>) =>
    ((await ask('GetTime', v.record('x', []))) as { micros: bigint }).micros;

  it('sleep moves static time on without waiting', async () => {
    const { ask, node } = await runner();
    const before = await now(ask);
    const started = performance.now();
    await ask('Sleep', relTime(3_600_000_000n));
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(await now(ask)).toBe(before + 3_600_000_000n);
    expect(node.clock.nowMicros()).toBe(before + 3_600_000_000n);
  });

  it('on the wall clock, sleep waits and setTime is refused', async () => {
    const { ask } = await runner({ wallClock: true });
    const before = await now(ask);
    expect(before).toBeGreaterThan(1_700_000_000_000_000n);
    const started = performance.now();
    await ask('Sleep', relTime(200_000n));
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    expect((await now(ask)) - before).toBeGreaterThanOrEqual(195_000n);
    await expect(
      ask('SetTime', v.record('x', [{ tag: 'Timestamp', micros: before + 10_000_000_000n }])),
    ).rejects.toBeInstanceOf(ScriptFailure);
  });
});
