import type { LfValue } from '@pocketnet/daml-lf';
import {
  createJsonApiLedger,
  createScriptRunner,
  loadScriptPackages,
} from '@pocketnet/daml-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptLedgerNode } from './script-ledger-node.ts';
import {
  lfFields as fields,
  lfItems as items,
  packageNames as names,
  questionScriptDar,
} from './script-questions.ts';

// The same questions as daml-script-commands, answered over a running node's JSON Ledger API
// (as `pocketnet script` answers them): vetting through /v2/package-vetting, a SubmitError read
// from Canton's error body (code, resources, context), and sleep on the devnet's static clock.
const built = questionScriptDar();
const packages = loadScriptPackages(built.dar);
const v = built.values;

type Variant = Extract<LfValue, { tag: 'Variant' }>;

describe('Daml Script over the JSON Ledger API', () => {
  const start = BigInt(Date.parse('2024-01-01T00:00:00Z')) * 1000n;
  let close = async () => {};
  let ask: (name: string, payload: LfValue) => Promise<LfValue>;

  beforeAll(async () => {
    const started = await startScriptLedgerNode(start);
    close = started.close;
    const { url } = started;
    const uploaded = await fetch(`${url}/v2/dars`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(built.dar)]),
    });
    expect(uploaded.status).toBe(200);
    const runner = createScriptRunner(
      packages,
      createJsonApiLedger({ url, userId: 'daml-script' }),
    );
    ask = (name, payload) => runner.run('Main', 'ask', v.ask(name, payload));
  }, 120_000);
  afterAll(() => close());

  it('lists, unvets and vets packages', async () => {
    const own = 'script-questions@1.0.0';
    const vetted = () => ask('ListVettedPackages', v.record('x', [])).then(names);
    expect(await vetted()).toContain(own);
    await ask('UnvetDar', v.record('x', ['script-questions', v.optional(null)]));
    expect(await vetted()).not.toContain(own);
    // An unvetted package is still known, named from its archive.
    expect(names(await ask('ListAllPackages', v.record('x', [])))).toContain(own);
    await ask('VetPackages', v.record('x', [v.list([v.packageName('script-questions', '1.0.0')])]));
    expect(await vetted()).toContain(own);
  });

  it('reads SubmitErrors from the error body', async () => {
    const alice = (await ask('AllocateParty', v.record('x', ['', 'alice', v.optional(null)]))) as {
      party: string;
    };
    const submit = async (command: LfValue) =>
      items(await ask('Submit', v.submit([alice.party], [command])))[0] as Variant;
    const created = await submit(v.create('Asset', alice.party));
    const [results] = fields(created.value) as [LfValue];
    const contractId = ((items(results)[0] as Variant).value as { contractId: string }).contractId;
    const wrong = (await submit(v.archive('Other', contractId))).value as Variant;
    expect(wrong.constructor).toBe('WronglyTypedContract');
    expect(fields(fields(wrong.value)[2] as LfValue)[0]).toMatchObject({
      type: { tycon: v.templateId('Asset') },
    });
    await submit(v.archive('Asset', contractId));
    const gone = (await submit(v.archive('Asset', contractId))).value as Variant;
    expect(gone.constructor).toBe('ContractNotFound');
    expect(fields(fields(gone.value)[0] as LfValue)[0]).toBe(contractId);
  });

  it('sleep moves the static devnet clock on', async () => {
    const now = async () =>
      ((await ask('GetTime', v.record('x', []))) as { micros: bigint }).micros;
    const before = await now();
    const relTime = v.record(
      packages.tycon('daml-stdlib-DA-Time-Types', 'DA.Time.Types', 'RelTime'),
      [86_400_000_000n],
    );
    await ask('Sleep', v.record('x', [relTime]));
    expect((await now()) - before).toBe(86_400_000_000n);
  });
});
