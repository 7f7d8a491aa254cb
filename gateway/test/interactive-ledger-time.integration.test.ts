import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExternalKey,
  type ExternalKey,
  executeRequest,
  onboardExternalParty,
  type Prepared,
  post,
  prepare,
} from './external-fixtures.ts';
import { expectCantonError } from './ledger-calls.ts';
import { createIou, exercise, json } from './ledger-fixtures.ts';
import {
  activeContracts,
  onlyContract,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  templateFilter,
} from './splice-fixtures.ts';
import { decodePreparedTransaction, sdkPreparedTransactionHash } from './wallet-sdk-offline.ts';

// An external party signs ExternalPartyAmuletRules_CreateTransferCommand, whose expiresAt the
// choice checks with assertWithinDeadline. As in Canton, the prepared transaction carries that
// deadline as its latest ledger time (metadata max_ledger_effective_time, signed), so it can be
// executed until then and is refused with LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND after.

const second = 1_000_000n;
const hour = 3600n * second;
const transferCommand = '#splice-amulet:Splice.ExternalPartyAmuletRules:TransferCommand';
const executePath = '/v2/interactive-submission/executeAndWait';

let net: SpliceNode;
let alice: { party: string; key: ExternalKey; fingerprint: string };

beforeAll(async () => {
  net = await startSpliceNode();
  const key = createExternalKey();
  const topology = await onboardExternalParty(net.node, 'alice', key);
  alice = { party: topology.partyId, key, fingerprint: topology.publicKeyFingerprint };
}, 120_000);
afterAll(() => net.node.close());

const nowMicros = async () =>
  BigInt(
    (await json<{ now_micros: string }>(await net.node.call('/api/devnet/v0/time'))).now_micros,
  );
/** A Time as the Ledger API writes it: six fractional digits. */
const iso = (micros: bigint) =>
  `${new Date(Number(micros / 1000n)).toISOString().slice(0, 19)}.${String(micros % second).padStart(6, '0')}Z`;
const advance = async (micros: bigint) =>
  json(
    await net.node.call('/api/devnet/v0/time/advance', {
      body: { seconds: Number(micros / second) },
    }),
  );

/** Alice's signed TransferCommand with this nonce, expiring at `expiresAt` (microseconds). */
async function prepareTransferCommand(nonce: number, expiresAt: bigint): Promise<Prepared> {
  const rules = await onlyContract(net, spliceIds.externalPartyAmuletRules);
  return prepare(net.node, {
    commands: [
      exercise(
        spliceIds.externalPartyAmuletRules,
        rules.contractId,
        'ExternalPartyAmuletRules_CreateTransferCommand',
        {
          sender: alice.party,
          receiver: net.operator,
          delegate: net.dso,
          amount: '10.0',
          expiresAt: iso(expiresAt),
          nonce: String(nonce),
          description: null,
          expectedDso: net.dso,
        },
      ),
    ],
    commandId: `transfer-command-${nonce}`,
    actAs: [alice.party],
    disclosedContracts: [
      {
        templateId: rules.templateId,
        contractId: rules.contractId,
        createdEventBlob: rules.createdEventBlob,
        synchronizerId: net.node.node.identity.synchronizerId,
      },
    ],
  });
}

const executeAndWait = (prepared: Prepared) =>
  post(net.node, executePath, executeRequest(prepared, alice));

/** Alice's TransferCommands with this nonce, created at any time (so the DSO may have sent it). */
async function createdCommands(nonce: number): Promise<number> {
  const contracts = await activeContracts(net, {
    user: 'participant_admin',
    party: alice.party,
    filter: templateFilter(transferCommand),
  });
  return contracts.filter((contract) => contract.createArgument.nonce === String(nonce)).length;
}

describe('a prepared TransferCommand', () => {
  it('signs its expiry as the latest ledger time, in the hash the wallet SDK recomputes', async () => {
    const expiresAt = (await nowMicros()) + hour;
    const prepared = await prepareTransferCommand(1, expiresAt);
    const metadata = decodePreparedTransaction(prepared.preparedTransaction).metadata;
    expect(String(metadata?.maxLedgerEffectiveTime)).toBe(String(expiresAt - 1n));
    expect(metadata?.minLedgerEffectiveTime).toBeUndefined();
    expect(await sdkPreparedTransactionHash(prepared.preparedTransaction)).toBe(
      prepared.preparedTransactionHash,
    );
  });

  it('is refused with LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND once its expiry has long passed, creating nothing', async () => {
    const expiresAt = (await nowMicros()) + hour;
    const prepared = await prepareTransferCommand(2, expiresAt);
    await advance(2n * hour);
    const answer = await executeAndWait(prepared);
    expectCantonError(answer, {
      status: 409,
      code: 'LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND',
      method: 'post',
      path: executePath,
    });
    // Execution took the latest ledger time it was signed for: a microsecond before expiry.
    expect((answer.body as { cause: string }).cause).toContain(`ledgerTime=${iso(expiresAt - 1n)}`);
    expect(await createdCommands(2)).toBe(0);
  }, 60_000);

  it('commits when executed before its expiry, hours after it was prepared', async () => {
    const prepared = await prepareTransferCommand(3, (await nowMicros()) + 6n * hour);
    await advance(3n * hour);
    const executedAt = await nowMicros();
    const answer = await executeAndWait(prepared);
    expect(answer.status, answer.text).toBe(200);
    const { updateId } = answer.body as { updateId: string };
    const update = await json<{
      transaction: { effectiveAt: string; recordTime: string; events: unknown[] };
    }>(
      await net.node.call('/v2/updates/transaction-by-id', {
        body: {
          updateId,
          transactionFormat: {
            eventFormat: { filtersByParty: { [alice.party]: {} }, verbose: true },
            transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
          },
        },
      }),
    );
    // Executed within its bounds, at the clock's time; its record time is that or a few
    // microseconds on, after the records the advance itself caused within that microsecond.
    expect(update.transaction.effectiveAt).toBe(iso(executedAt));
    expect(update.transaction.recordTime >= update.transaction.effectiveAt).toBe(true);
    expect(JSON.stringify(update.transaction.events)).toContain(':TransferCommand');
  }, 60_000);
});

describe('a prepared transaction that looks at no time', () => {
  it('has no ledger time bounds and commits hours after it was prepared', async () => {
    const prepared = await prepare(net.node, {
      commands: [createIou(alice.party, alice.party, '5.0')],
      commandId: 'iou-later',
      actAs: [alice.party],
    });
    const metadata = decodePreparedTransaction(prepared.preparedTransaction).metadata;
    expect(metadata?.minLedgerEffectiveTime).toBeUndefined();
    expect(metadata?.maxLedgerEffectiveTime).toBeUndefined();
    await advance(5n * hour);
    const answer = await executeAndWait(prepared);
    expect(answer.status, answer.text).toBe(200);
  }, 60_000);
});
