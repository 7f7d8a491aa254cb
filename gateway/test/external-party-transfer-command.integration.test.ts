import { readSpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExternalKey } from './external-fixtures.ts';
import {
  asOperator,
  type External,
  externalPartyPath,
  externalWithPreapproval,
  prepareSend,
  settledCommands,
  signedSubmission,
} from './external-party-sends.ts';
import { ledgerEnd } from './ledger-calls.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { advance, tapFor } from './validator-apps-fixtures.ts';
import {
  nowMicros,
  ok,
  startValidatorNode,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// The deprecated external-party send (prepare-send / submit-send): the sender signs a
// TransferCommand, the DSO's automation sends it through the receiver's TransferPreapproval,
// and Scan reports its status and the sender's counter.

let net: ValidatorNode;
let alice: External;
let bob: External;
/** What the node's background work reported: here, the DSO's failed sends. */
const backgroundErrors: unknown[] = [];
const insufficientFunds = () =>
  backgroundErrors.filter((error) => String(error).includes('Insufficient funds')).length;

/** Waits (bounded) until the DSO's automation has reported `count` sends it could not pay. */
async function reportedFailures(count: number): Promise<void> {
  for (let attempt = 0; attempt < 200 && insufficientFunds() < count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(insufficientFunds()).toBe(count);
}

const base = externalPartyPath;
const admin = (body?: unknown) => asOperator(net, body);
const submission = signedSubmission;

const scan = async (path: string) => {
  const response = await net.node.call(`/api/scan${path}`);
  const body = await response.json();
  if (response.status === 200) {
    expectMatchesSpec({ spec: 'scan', method: 'get', path, status: 200, body });
  }
  return { status: response.status, body: body as Record<string, unknown> };
};

const unlockedOf = async (who: External) =>
  Number(
    (
      await ok<{ total_unlocked_coin: string }>(
        net,
        `${base}/balance?party_id=${encodeURIComponent(who.party)}`,
        admin(),
      )
    ).total_unlocked_coin,
  );

const settled = (sender: External, nonce: number) => settledCommands(net, sender, nonce);

async function send(request: { amount: number; nonce: number; expiresInSeconds?: number }) {
  const expiresAt = (await nowMicros(net)) + (request.expiresInSeconds ?? 3600) * 1_000_000;
  return prepareSend(net, { sender: alice, receiver: bob, ...request }, expiresAt);
}

// The DSO's automation follows TransferCommands by package name: our TypeScript Splice, and
// Splice's own packages uploaded after it is made (`--splice-dars`, issue 21).
const implementations = [
  ['our TypeScript Splice', undefined],
  ["Splice's own packages", readSpliceDarSet('../../shared/dars', '0.6.11')],
] as const;

describe.each(implementations)('an external party’s TransferCommand on %s', (_, spliceDars) => {
  beforeAll(async () => {
    net = await startValidatorNode({
      onBackgroundError: (error) => backgroundErrors.push(error),
      ...(spliceDars ? { spliceDars } : {}),
    });
    alice = await externalWithPreapproval(net, 'alice-tc');
    bob = await externalWithPreapproval(net, 'bob-tc');
    await tapFor(net, net.operatorUser, '1000');
    await ok(net, '/v0/wallet/transfer-preapproval/send', {
      user: net.operatorUser,
      body: { receiver_party_id: alice.party, amount: '100', deduplication_id: 'fund-alice' },
    });
  }, 60_000);
  afterAll(() => net.node.close());

  it('is signed by the sender, sent by the DSO into the receiver’s preapproval, and counted', async () => {
    expect(
      (await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`)).status,
    ).toBe(404);
    const bobBefore = await unlockedOf(bob);
    const prepared = await send({ amount: 10, nonce: 0 });
    expect(prepared.transfer_command_contract_id_prefix).toMatch(/^00[0-9a-f]{64}$/);
    const refusedByOther = await validator(
      net,
      `${base}/transfer-preapproval/submit-send`,
      admin(submission({ ...alice, key: createExternalKey() }, prepared)),
    );
    expect(refusedByOther.status).toBe(400);
    const sent = await ok<{ update_id: string }>(
      net,
      `${base}/transfer-preapproval/submit-send`,
      admin(submission(alice, prepared)),
    );
    expect(sent.update_id).toMatch(/.+/);
    const [command] = await settled(alice, 0);
    expect(command?.status).toEqual({ status: 'sent' });
    expect(command?.contract.payload).toMatchObject({
      sender: alice.party,
      receiver: bob.party,
      nonce: '0',
    });
    expect(await unlockedOf(bob)).toBeCloseTo(bobBefore + 10, 6);
    const counter = await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`);
    expect(counter.status).toBe(200);
    expect(counter.body).toMatchObject({
      transfer_command_counter: { contract: { payload: { sender: alice.party, nextNonce: '1' } } },
    });
  });

  it('fails a command whose nonce was already spent, and leaves the counter', async () => {
    const bobBefore = await unlockedOf(bob);
    const prepared = await send({ amount: 5, nonce: 0 });
    await ok(net, `${base}/transfer-preapproval/submit-send`, admin(submission(alice, prepared)));
    const statuses = await settled(alice, 0);
    const failed = statuses.find((command) => command.status.status === 'failed');
    expect(failed?.status).toMatchObject({ status: 'failed', failure_kind: 'failed' });
    expect(failed?.status.reason).toMatch(/Expected nonce 0 is smaller than current counter 1/);
    expect(await unlockedOf(bob)).toBeCloseTo(bobBefore, 6);
    const counter = await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`);
    expect(counter.body).toMatchObject({
      transfer_command_counter: { contract: { payload: { nextNonce: '1' } } },
    });
  });

  it('refuses a command signed after its expiry: nothing is committed, nothing sent', async () => {
    const bobBefore = await unlockedOf(bob);
    const prepared = await send({ amount: 5, nonce: 1, expiresInSeconds: 60 });
    await advance(net, 120);
    const end = await ledgerEnd(net.node);
    const late = await validator<{ error: string }>(
      net,
      `${base}/transfer-preapproval/submit-send`,
      admin(submission(alice, prepared)),
    );
    expect(late.status).toBe(400);
    expect(late.body.error).toMatch(/expiresAt .* has already passed/);
    expect(await ledgerEnd(net.node)).toBe(end);
    const status = await scan(
      `/v0/transfer-command/status?sender=${encodeURIComponent(alice.party)}&nonce=1`,
    );
    // Scan knows no TransferCommand of alice with that nonce.
    expect(status.status).toBe(404);
    expect(await unlockedOf(bob)).toBeCloseTo(bobBefore, 6);
    const counter = await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`);
    expect(counter.body).toMatchObject({
      transfer_command_counter: { contract: { payload: { nextNonce: '1' } } },
    });
  });

  it('keeps a command ahead of the counter waiting, and expires it when its time is up', async () => {
    const prepared = await send({ amount: 5, nonce: 7, expiresInSeconds: 600 });
    await ok(net, `${base}/transfer-preapproval/submit-send`, admin(submission(alice, prepared)));
    const path = `/v0/transfer-command/status?sender=${encodeURIComponent(alice.party)}&nonce=7`;
    const waiting = await scan(path);
    expect(Object.values(waiting.body.transfer_commands_by_contract_id as object)).toMatchObject([
      { status: { status: 'created' } },
    ]);
    await advance(net, 900);
    const [command] = await settled(alice, 7);
    expect(command?.status).toMatchObject({ status: 'failed', failure_kind: 'expired' });
  });

  it('cannot be prepared with an expiry already past', async () => {
    const past = await validator<{ error: string }>(
      net,
      `${base}/transfer-preapproval/prepare-send`,
      admin({
        sender_party_id: alice.party,
        receiver_party_id: bob.party,
        amount: 1,
        expires_at: new Date((await nowMicros(net)) / 1000 - 1000).toISOString(),
        nonce: 1,
      }),
    );
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/ExternalPartyAmuletRules_CreateTransferCommand\.expiresAt/);
  });

  it('keeps a send the sender cannot pay pending, reports it once, and sends it once it can pay', async () => {
    const failuresBefore = insufficientFunds();
    const bobBefore = await unlockedOf(bob);
    const prepared = await send({ amount: 500, nonce: 1 });
    await ok(net, `${base}/transfer-preapproval/submit-send`, admin(submission(alice, prepared)));
    await reportedFailures(failuresBefore + 1);
    const path = `/v0/transfer-command/status?sender=${encodeURIComponent(alice.party)}&nonce=1`;
    expect(
      Object.values((await scan(path)).body.transfer_commands_by_contract_id as object),
    ).toMatchObject([{ status: { status: 'created' } }]);
    // Transactions that change nothing the send reads do not make the DSO try it again.
    await tapFor(net, net.operatorUser, '1000');
    await tapFor(net, net.operatorUser, '1000');
    await ok(net, '/v0/wallet/transfer-preapproval/send', {
      user: net.operatorUser,
      body: { receiver_party_id: alice.party, amount: '1000', deduplication_id: 'fund-alice-2' },
    });
    const [command] = await settled(alice, 1);
    expect(command?.status).toEqual({ status: 'sent' });
    expect(insufficientFunds()).toBe(failuresBefore + 1);
    expect(await unlockedOf(bob)).toBeCloseTo(bobBefore + 500, 6);
    const counter = await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`);
    expect(counter.body).toMatchObject({
      transfer_command_counter: { contract: { payload: { nextNonce: '2' } } },
    });
  });

  it('expires a send the sender cannot pay once its time is up, leaving the nonce unspent', async () => {
    const failuresBefore = insufficientFunds();
    const prepared = await send({ amount: 100_000, nonce: 2, expiresInSeconds: 600 });
    await ok(net, `${base}/transfer-preapproval/submit-send`, admin(submission(alice, prepared)));
    await reportedFailures(failuresBefore + 1);
    await advance(net, 900);
    const [command] = await settled(alice, 2);
    expect(command?.status).toMatchObject({ status: 'failed', failure_kind: 'expired' });
    const counter = await scan(`/v0/transfer-command-counter/${encodeURIComponent(alice.party)}`);
    expect(counter.body).toMatchObject({
      transfer_command_counter: { contract: { payload: { nextNonce: '2' } } },
    });
  });
});
