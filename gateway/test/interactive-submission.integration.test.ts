import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExternalKey,
  type ExternalKey,
  executeRequest,
  ok,
  onboardExternalParty,
  type Prepared,
  post,
  prepare,
} from './external-fixtures.ts';
import { expectCantonError, ledgerEnd, send } from './ledger-calls.ts';
import { createIou, exercise, iouTemplate, wildcardFor } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';
import { decodePreparedTransaction, sdkPreparedTransactionHash } from './wallet-sdk-offline.ts';

let node: TestNode;
let alice: { party: string; key: ExternalKey; fingerprint: string };

beforeAll(async () => {
  node = await startTestNode();
  const key = createExternalKey();
  const topology = await onboardExternalParty(node, 'alice', key);
  alice = { party: topology.partyId, key, fingerprint: topology.publicKeyFingerprint };
});
afterAll(() => node.close());

let counter = 0;
const prepareFor = (commands: unknown[], extra: Record<string, unknown> = {}) => {
  counter += 1;
  return prepare(node, {
    commands,
    commandId: `interactive-${counter}`,
    actAs: [alice.party],
    userId: 'participant_admin',
    ...extra,
  });
};
const prepareIou = (amount = '10.0') => prepareFor([createIou(alice.party, alice.party, amount)]);
const executeAndWait = (prepared: Prepared, options = {}) =>
  post(node, '/v2/interactive-submission/executeAndWait', executeRequest(prepared, alice, options));

async function createdIou(prepared: Prepared): Promise<string> {
  const path = '/v2/interactive-submission/executeAndWaitForTransaction';
  const { transaction } = await ok<{
    transaction: { events: Array<{ CreatedEvent?: { contractId: string } }> };
  }>(node, path, executeRequest(prepared, alice));
  return transaction.events[0]?.CreatedEvent?.contractId ?? '';
}

describe('POST /v2/interactive-submission/prepare', () => {
  it('returns a PreparedTransaction the SDK decodes, and the hash the SDK recomputes', async () => {
    const prepared = await prepareIou();
    expect(prepared.hashingSchemeVersion).toBe('HASHING_SCHEME_VERSION_V2');
    expect(await sdkPreparedTransactionHash(prepared.preparedTransaction)).toBe(
      prepared.preparedTransactionHash,
    );
    const decoded = decodePreparedTransaction(prepared.preparedTransaction);
    expect(decoded.metadata?.submitterInfo?.actAs).toEqual([alice.party]);
    expect(decoded.metadata?.synchronizerId).toBe(node.node.identity.synchronizerId);
    const [root] = decoded.transaction?.nodes ?? [];
    const create = root?.versionedNode.oneofKind === 'v1' ? root.versionedNode.v1.nodeType : null;
    expect(create?.oneofKind).toBe('create');
    if (create?.oneofKind !== 'create') return;
    expect(create.create.templateId).toMatchObject({ moduleName: 'Iou', entityName: 'Iou' });
    expect(create.create.signatories).toEqual([alice.party]);
  });

  it('explains its hashing when asked to', async () => {
    const prepared = await prepareFor([createIou(alice.party, alice.party, '1.5')], {
      verboseHashing: true,
    });
    const hex = Buffer.from(prepared.preparedTransactionHash, 'base64').toString('hex');
    expect(prepared.hashingDetails).toContain(`Prepared transaction hash: ${hex}`);
  });

  it('hashes exercises with input contracts as the SDK does', async () => {
    const iouId = await createdIou(await prepareIou('12.0'));
    const prepared = await prepareFor([
      exercise(iouTemplate, iouId, 'Iou_Split', { splitAmount: '5.0' }),
    ]);
    const decoded = decodePreparedTransaction(prepared.preparedTransaction);
    expect(decoded.metadata?.inputContracts.map((input) => input.contract.oneofKind)).toEqual([
      'v1',
    ]);
    expect(await sdkPreparedTransactionHash(prepared.preparedTransaction)).toBe(
      prepared.preparedTransactionHash,
    );
  });
});

describe('POST /v2/interactive-submission/executeAndWait', () => {
  it('commits the prepared transaction and records the hash its party signed', async () => {
    const prepared = await prepareIou('3.0');
    const answer = await executeAndWait(prepared);
    expect(answer.status, answer.text).toBe(200);
    const { updateId } = answer.body as { updateId: string };
    const update = await post(node, '/v2/updates/update-by-id', {
      updateId,
      updateFormat: {
        includeTransactions: {
          eventFormat: wildcardFor(alice.party),
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    });
    const hex = Buffer.from(prepared.preparedTransactionHash, 'base64').toString('hex');
    expect(update.body).toMatchObject({
      update: { Transaction: { value: { updateId, externalTransactionHash: hex } } },
    });
  });

  it('rejects a signature by the wrong key or over another hash, and commits nothing', async () => {
    const prepared = await prepareIou('4.0');
    const other = await prepareIou('5.0');
    const end = await ledgerEnd(node);
    const path = '/v2/interactive-submission/executeAndWait';
    const wrongKey = await post(
      node,
      path,
      executeRequest(prepared, { ...alice, key: createExternalKey() }),
    );
    expectCantonError(wrongKey, { status: 400, code: 'INVALID_ARGUMENT', method: 'post', path });
    expect((wrongKey.body as { cause: string }).cause).toContain('Received 0 valid signatures');
    const wrongHash = await executeAndWait(prepared, { hash: other.preparedTransactionHash });
    expectCantonError(wrongHash, { status: 400, code: 'INVALID_ARGUMENT', method: 'post', path });
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('refuses a replay of an executed prepared transaction', async () => {
    const prepared = await prepareIou('6.0');
    expect((await executeAndWait(prepared)).status).toBe(200);
    const path = '/v2/interactive-submission/executeAndWait';
    expectCantonError(await executeAndWait(prepared), {
      status: 409,
      code: 'DUPLICATE_COMMAND',
      method: 'post',
      path,
    });
  });

  it('rejects a prepared transaction after its max record time, changing nothing', async () => {
    const bounded = await prepareFor([createIou(alice.party, alice.party, '7.0')], {
      maxRecordTime: new Date(Number(node.node.clock.nowMicros() / 1000n) + 1000).toISOString(),
    });
    node.node.clock.advance(5_000_000n);
    const path = '/v2/interactive-submission/executeAndWait';
    const answer = await executeAndWait(bounded);
    expectCantonError(answer, { status: 409, code: 'NOT_SEQUENCED_TIMEOUT', method: 'post', path });
  });
});

describe('POST /v2/interactive-submission/execute', () => {
  it('reports a transaction whose input was consumed meanwhile as a failed completion', async () => {
    const iouId = await createdIou(await prepareIou('20.0'));
    const split = () =>
      prepareFor([exercise(iouTemplate, iouId, 'Iou_Split', { splitAmount: '1.0' })]);
    const [first, second] = [await split(), await split()];
    expect((await executeAndWait(first)).status).toBe(200);
    const begin = await ledgerEnd(node);
    const accepted = await post(
      node,
      '/v2/interactive-submission/execute',
      executeRequest(second, alice, { submissionId: 'late-split' }),
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({});
    const completions = await send(node, {
      method: 'post',
      path: '/v2/commands/completions?stream_idle_timeout_ms=50',
      body: { parties: [alice.party], beginExclusive: begin, userId: 'participant_admin' },
    });
    const [completion] = (
      completions.body as Array<{
        completionResponse: {
          Completion?: {
            value: { submissionId: string; status: { code: number; message: string } };
          };
        };
      }>
    ).map((item) => item.completionResponse.Completion?.value);
    expect(completion?.submissionId).toBe('late-split');
    expect(completion?.status.code).toBe(5);
    expect(completion?.status.message).toContain('LOCAL_VERDICT_INACTIVE_CONTRACTS');
  });

  it('refuses an ordinary submission acting as the external party', async () => {
    const path = '/v2/commands/submit-and-wait';
    const answer = await post(node, path, {
      commands: [createIou(alice.party, alice.party, '1.0')],
      commandId: 'ordinary',
      actAs: [alice.party],
      userId: 'participant_admin',
    });
    expectCantonError(answer, {
      status: 400,
      code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
      method: 'post',
      path,
    });
  });
});
