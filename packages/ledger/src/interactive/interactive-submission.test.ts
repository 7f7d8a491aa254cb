import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createIou,
  exercise,
  participantId,
  startEngine,
  submission,
  synchronizerId,
} from '../../testing/engine.test-helper.ts';
import {
  createTestKey,
  signBase64,
  startExternalLedger,
  type TestKey,
  walletPrepareRequest,
} from '../../testing/external-ledger.test-helper.ts';
import { isDomainError } from '../errors.ts';
import { signingKeyOf } from '../external/signing-keys.ts';
import { topologyTransaction } from '../external/topology-transactions.ts';
import { historyOf } from '../undo/state-sections.ts';
import { createUndoLog } from '../undo/undo-log.ts';
import { createInteractiveSubmissions } from './interactive-operations.ts';

// Canton's key fingerprint, straight from its definition: multihash(sha256(int32be(12) || key)).
function referenceFingerprint(publicKeyBase64: string): string {
  const purpose = Buffer.from([0, 0, 0, 12]);
  const digest = createHash('sha256')
    .update(purpose)
    .update(Buffer.from(publicKeyBase64, 'base64'));
  return `1220${digest.digest('hex')}`;
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a rejection');
}

const signature = (key: TestKey, hash: string) => ({
  format: 'SIGNATURE_FORMAT_CONCAT',
  signature: signBase64(key, hash),
  signedBy: signingKeyOf(Buffer.from(key.publicKey, 'base64')).fingerprint,
  signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
});

async function setUp() {
  const ledger = await startExternalLedger();
  const key = createTestKey();
  const party = await ledger.onboard('alice', key);
  const prepare = (commandId: string, commands = [createIou(party, party, '10.0000000000')]) =>
    ledger.interactive.prepare(walletPrepareRequest(party, commandId, commands));
  const execute = (
    prepared: { preparedTransaction: string; preparedTransactionHash: string },
    signer = key,
    hash = prepared.preparedTransactionHash,
    submissionId = `sub-${Math.random()}`,
  ) =>
    ledger.interactive.execute(
      {
        preparedTransaction: prepared.preparedTransaction,
        partySignatures: [{ party, signatures: [signature(signer, hash)] }],
        submissionId,
        userId: 'wallet',
        deduplicationPeriod: { kind: 'empty' },
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      },
      'wait',
    );
  return { ...ledger, key, party, prepare, execute };
}

describe('external parties', () => {
  it('names the party after the fingerprint of its key, as Canton computes it', async () => {
    const { key, party, externalParties } = await setUp();
    expect(party).toBe(`alice::${referenceFingerprint(key.publicKey)}`);
    expect(
      externalParties.keysOf(party)?.signingKeys.map((signing) => signing.fingerprint),
    ).toEqual([referenceFingerprint(key.publicKey)]);
  });

  it('refuses an allocation signed by another key and hosts nothing', async () => {
    const { externalParties, engine } = await startExternalLedger();
    const key = createTestKey();
    const topology = externalParties.generateTopology({
      synchronizer: synchronizerId,
      partyHint: 'mallory',
      publicKey: {
        format: 'CRYPTO_KEY_FORMAT_RAW',
        keyData: key.publicKey,
        keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
      },
    });
    const forged = {
      ...signature(createTestKey(), topology.multiHash),
      signedBy: topology.publicKeyFingerprint,
    };
    const refused = await rejection(
      externalParties.allocate({
        synchronizer: synchronizerId,
        onboardingTransactions: topology.topologyTransactions.map((transaction) => ({
          transaction,
        })),
        multiHashSignatures: [forged],
      }),
    );
    expect(refused.code).toBe('INVALID_ARGUMENT');
    expect(engine.participant.parties.has(topology.partyId)).toBe(false);
  });

  it('refuses an ordinary submission that acts as an external party', async () => {
    const { engine, party } = await setUp();
    const refused = await rejection(
      engine.submit(submission([createIou(party, party, '1.0')], { actAs: [party] })),
    );
    expect(refused.code).toBe('NO_SYNCHRONIZER_FOR_SUBMISSION');
  });
});

describe('interactive submission', () => {
  it('commits exactly the prepared transaction once its party signed the hash', async () => {
    const { prepare, execute, engine, party } = await setUp();
    const prepared = prepare('create-1');
    const record = await execute(prepared);
    expect(record.type).toBe('transaction');
    if (record.type !== 'transaction') return;
    expect(record.external?.transactionHash).toBe(
      Buffer.from(prepared.preparedTransactionHash, 'base64').toString('hex'),
    );
    const [created] = record.nodes;
    expect(created?.kind).toBe('created');
    expect(engine.contracts.lookup(created?.contractId ?? '')?.signatories).toEqual([party]);
  });

  it('rejects a signature by another key, or over another hash, and changes nothing', async () => {
    const { prepare, execute, engine } = await setUp();
    const prepared = prepare('create-2');
    const end = engine.ledgerEnd();
    const wrongKey = await rejection(execute(prepared, createTestKey()));
    expect(wrongKey.code).toBe('INVALID_ARGUMENT');
    expect(wrongKey.message).toContain(
      'Received 0 valid signatures from distinct keys (1 invalid)',
    );
    const otherHash = await rejection(
      execute(prepared, undefined, prepare('other').preparedTransactionHash),
    );
    expect(otherHash.code).toBe('INVALID_ARGUMENT');
    expect(engine.ledgerEnd()).toBe(end);
  });

  it('refuses to execute the same prepared transaction twice', async () => {
    const { prepare, execute, engine } = await setUp();
    const prepared = prepare('create-3');
    await execute(prepared);
    const end = engine.ledgerEnd();
    expect((await rejection(execute(prepared))).code).toBe('DUPLICATE_COMMAND');
    expect(engine.ledgerEnd()).toBe(end);
  });

  it('rejects a transaction whose input contract was consumed in between', async () => {
    const { prepare, execute, engine, party } = await setUp();
    const created = await execute(prepare('create-4'));
    const iouId = created.type === 'transaction' ? (created.nodes[0]?.contractId ?? '') : '';
    const split = (commandId: string) =>
      prepare(commandId, [exercise(iouId, 'Iou_Split', { splitAmount: '4.0' })]);
    const first = split('split-a');
    const second = split('split-b');
    await execute(first);
    const end = engine.ledgerEnd();
    const refused = await rejection(execute(second));
    expect(refused.code).toBe('LOCAL_VERDICT_INACTIVE_CONTRACTS');
    expect(engine.ledgerEnd()).toBe(end);
    expect(engine.contracts.lookup(iouId)).toBeUndefined();
    expect(engine.contracts.lookup(iouId)?.signatories ?? [party]).toEqual([party]);
  });

  it('rejects a prepared transaction executed after its time bounds', async () => {
    const { prepare, execute, clock, interactive, party } = await setUp();
    const stale = prepare('late');
    const bounded = interactive.prepare({
      userId: 'wallet',
      commandId: 'bounded',
      commands: [createIou(party, party, '2.0')],
      actAs: [party],
      readAs: [],
      disclosedContracts: [],
      synchronizerId: null,
      minLedgerTimeMicros: null,
      maxRecordTimeMicros: clock.nowMicros() + 60_000_000n,
    });
    clock.advance(120_000_000n);
    expect((await rejection(execute(bounded))).code).toBe('NOT_SEQUENCED_TIMEOUT');
    clock.advance(25n * 3600n * 1_000_000n);
    expect((await rejection(execute(stale))).code).toBe(
      'LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND',
    );
  });

  it('accepts the new key and refuses the old one once the party rotated its signing key', async () => {
    const { prepare, execute, externalParties, key, party } = await setUp();
    const next = createTestKey();
    const old = signingKeyOf(Buffer.from(key.publicKey, 'base64'));
    const rotation = topologyTransaction(
      {
        kind: 'partyToParticipant',
        party,
        threshold: 1,
        participants: [{ participantUid: participantId, permission: 'confirmation' }],
        signingKeys: { keys: [signingKeyOf(Buffer.from(next.publicKey, 'base64'))], threshold: 1 },
      },
      2,
    );
    const hash = rotation.hash.toString('base64');
    await externalParties.allocate({
      synchronizer: synchronizerId,
      onboardingTransactions: [
        {
          transaction: rotation.bytes.toString('base64'),
          signatures: [signature(key, hash), signature(next, hash)],
        },
      ],
    });
    expect(
      externalParties.keysOf(party)?.signingKeys.map((signing) => signing.fingerprint),
    ).not.toContain(old.fingerprint);
    const prepared = prepare('after-rotation');
    expect((await rejection(execute(prepared))).code).toBe('INVALID_ARGUMENT');
    expect((await execute(prepared, next)).type).toBe('transaction');
  });
});

/** Executes `prepared` again, as another user and submission: a duplicate of the first. */
function executeAgain(
  interactive: ReturnType<typeof createInteractiveSubmissions>,
  prepared: { readonly preparedTransaction: string; readonly preparedTransactionHash: string },
  signer: { readonly party: string; readonly key: TestKey },
) {
  const signatures = [signature(signer.key, prepared.preparedTransactionHash)];
  return interactive.execute(
    {
      preparedTransaction: prepared.preparedTransaction,
      partySignatures: [{ party: signer.party, signatures }],
      submissionId: 'again',
      userId: 'another-user',
      deduplicationPeriod: { kind: 'empty' },
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
    },
    'wait',
  );
}

describe('after a restart', () => {
  it('keeps the keys of its external parties and the prepared transactions it executed', async () => {
    const { prepare, execute, journal, party, key } = await setUp();
    const prepared = prepare('before-restart');
    await execute(prepared);
    const restarted = await startEngine(journal);
    expect(restarted.engine.participant.externalParties.get(party)?.threshold).toBe(1);
    const interactive = createInteractiveSubmissions({
      engine: restarted.engine,
      synchronizerId,
      clock: restarted.clock,
    });
    for (const record of restarted.published) interactive.observe(record);
    const replay = executeAgain(interactive, prepared, { party, key });
    expect((await rejection(replay)).code).toBe('DUPLICATE_COMMAND');
  });

  it('remembers what it executed when restored from its section instead of replaying', async () => {
    const { prepare, execute, journal, party, key } = await setUp();
    const prepared = prepare('before-restore');
    await execute(prepared);
    const restarted = await startEngine(journal);
    const submissionsOf = (undo: ReturnType<typeof createUndoLog>) =>
      createInteractiveSubmissions({
        engine: restarted.engine,
        synchronizerId,
        clock: restarted.clock,
        undo,
      });
    const replayedUndo = createUndoLog();
    const replayed = submissionsOf(replayedUndo);
    for (const record of restarted.published) replayed.observe(record);
    const name = `ledger.interactive.${restarted.engine.participant.participantId}`;
    const saved = replayedUndo.sections().get(name)?.save();
    expect(saved).toHaveLength(1);
    const restoredUndo = createUndoLog();
    const restored = submissionsOf(restoredUndo);
    restoredUndo.sections().get(name)?.restore(saved, historyOf(restarted.published));
    expect(restoredUndo.sections().get(name)?.save()).toEqual(saved);
    const again = executeAgain(restored, prepared, { party, key });
    expect((await rejection(again)).code).toBe('DUPLICATE_COMMAND');
  });
});
