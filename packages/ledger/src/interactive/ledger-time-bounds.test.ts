import { describe, expect, it } from 'vitest';
import { ticketTemplate, timePackages } from '../../testing/deadline-package.test-helper.ts';
import { createIou, exercise } from '../../testing/engine.test-helper.ts';
import {
  createTestKey,
  signBase64,
  startExternalLedger,
  walletPrepareRequest,
} from '../../testing/external-ledger.test-helper.ts';
import { formatMicros } from '../clock.ts';
import type { Command } from '../commands.ts';
import { isDomainError } from '../errors.ts';
import { signingKeyOf } from '../external/signing-keys.ts';
import { decodePreparedTransaction, encodePreparedTransaction } from './prepared-proto.ts';

const second = 1_000_000n;
const minute = 60n * second;
const hour = 60n * minute;

type Prepared = { preparedTransaction: string; preparedTransactionHash: string };

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** An external party holding a Ticket, and prepare / execute as its wallet would. */
async function setUp() {
  const ledger = await startExternalLedger({ packages: timePackages });
  const key = createTestKey();
  const party = await ledger.onboard('alice', key);
  let prepared = 0;
  const prepare = (commands: readonly Command[]): Prepared => {
    prepared += 1;
    return ledger.interactive.prepare(walletPrepareRequest(party, `command-${prepared}`, commands));
  };
  const execute = (
    transaction: Prepared,
    options: { mode?: 'wait' | 'async'; minLedgerTimeMicros?: bigint; bytes?: string } = {},
  ) =>
    ledger.interactive.execute(
      {
        preparedTransaction: options.bytes ?? transaction.preparedTransaction,
        partySignatures: [
          {
            party,
            signatures: [
              {
                format: 'SIGNATURE_FORMAT_CONCAT',
                signature: signBase64(key, transaction.preparedTransactionHash),
                signedBy: signingKeyOf(Buffer.from(key.publicKey, 'base64')).fingerprint,
                signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
              },
            ],
          },
        ],
        submissionId: `submission-${prepared}-${Math.random()}`,
        userId: 'wallet',
        deduplicationPeriod: { kind: 'empty' },
        hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
        minLedgerTimeMicros: options.minLedgerTimeMicros ?? null,
      },
      options.mode ?? 'wait',
    );
  const created = await execute(
    prepare([{ kind: 'create', templateId: ticketTemplate, createArguments: { holder: party } }]),
  );
  const ticket = created.type === 'transaction' ? (created.nodes[0]?.contractId ?? '') : '';
  const claim = (choice: string, argument: Record<string, string>) =>
    prepare([exercise(ticket, choice, argument, ticketTemplate)]);
  const { clock, engine } = ledger;
  const claims = () =>
    [...engine.contracts.values()].filter((contract) => contract.templateId.endsWith(':Claim'));
  return { ...ledger, party, prepare, execute, claim, claims, clock, engine };
}

const metadataOf = (prepared: Prepared) =>
  decodePreparedTransaction(Buffer.from(prepared.preparedTransaction, 'base64'))?.metadata ?? {};

describe('a prepared transaction that checks a deadline (isLedgerTimeLT)', () => {
  it('signs the deadline as its latest ledger time and executes any time before it', async () => {
    const { claim, execute, clock, claims } = await setUp();
    const deadline = clock.nowMicros() + hour;
    const prepared = claim('Ticket_ClaimBefore', { deadline: formatMicros(deadline) });
    const metadata = metadataOf(prepared);
    expect(metadata.maxLedgerEffectiveTime).toBe(String(deadline - 1n));
    expect(metadata.minLedgerEffectiveTime).toBeUndefined();
    clock.advance(30n * minute);
    const record = await execute(prepared);
    expect(record.type === 'transaction' && record.effectiveAt).toBe(
      formatMicros(clock.nowMicros()),
    );
    expect(claims().map((contract) => contract.createArgument.how)).toEqual(['before']);
  });

  it('is refused with LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND long after its deadline, committing nothing', async () => {
    const { claim, execute, clock, claims, engine } = await setUp();
    const deadline = clock.nowMicros() + hour;
    const prepared = claim('Ticket_ClaimBefore', { deadline: formatMicros(deadline) });
    clock.advance(2n * hour);
    const end = engine.ledgerEnd();
    const refused = await refusal(execute(prepared));
    expect(refused.code).toBe('LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND');
    expect(refused.message).toContain(`ledgerTime=${formatMicros(deadline - 1n)}`);
    expect(engine.ledgerEnd()).toBe(end);
    expect(claims()).toEqual([]);
  });

  it('takes the deadline as its ledger time just past it, within the ledger time tolerance', async () => {
    const { claim, execute, clock } = await setUp();
    const deadline = clock.nowMicros() + hour;
    const prepared = claim('Ticket_ClaimBefore', { deadline: formatMicros(deadline) });
    clock.advance(hour + 30n * second);
    const record = await execute(prepared);
    expect(record.type === 'transaction' && record.effectiveAt).toBe(formatMicros(deadline - 1n));
  });

  it('reports the refusal as a failed completion when executed asynchronously', async () => {
    const { claim, execute, clock, claims } = await setUp();
    const prepared = claim('Ticket_ClaimBefore', {
      deadline: formatMicros(clock.nowMicros() + minute),
    });
    clock.advance(hour);
    const record = await execute(prepared, { mode: 'async' });
    expect(record).toMatchObject({
      type: 'rejection',
      status: { code: 'LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND', grpcCode: 10 },
    });
    expect(claims()).toEqual([]);
  });

  it('keeps the signed bounds: a wallet that widens them breaks its signature', async () => {
    const { claim, execute, clock, claims } = await setUp();
    const prepared = claim('Ticket_ClaimBefore', {
      deadline: formatMicros(clock.nowMicros() + minute),
    });
    const decoded = decodePreparedTransaction(Buffer.from(prepared.preparedTransaction, 'base64'));
    const widened = encodePreparedTransaction({
      ...decoded,
      metadata: { ...decoded?.metadata, maxLedgerEffectiveTime: String(clock.nowMicros() + hour) },
    }).toString('base64');
    clock.advance(30n * minute);
    const refused = await refusal(execute(prepared, { bytes: widened }));
    expect(refused.code).toBe('INVALID_ARGUMENT');
    expect(claims()).toEqual([]);
  });
});

describe('a prepared transaction that checks a start time (isLedgerTimeGE)', () => {
  it('signs the start as its earliest ledger time and executes no earlier', async () => {
    const { claim, execute, clock } = await setUp();
    const from = clock.nowMicros();
    const prepared = claim('Ticket_ClaimFrom', { from: formatMicros(from) });
    expect(metadataOf(prepared)).toMatchObject({ minLedgerEffectiveTime: String(from) });
    expect(metadataOf(prepared).maxLedgerEffectiveTime).toBeUndefined();
    const later = clock.nowMicros() + 20n * second;
    const record = await execute(prepared, { minLedgerTimeMicros: later });
    expect(record.type === 'transaction' && record.effectiveAt).toBe(formatMicros(later));
  });
});

describe('a prepared transaction that reads the time (getTime)', () => {
  it('is bound to its preparation time: it commits at that time within a minute', async () => {
    const { claim, execute, clock } = await setUp();
    const preparedAt = clock.nowMicros();
    const prepared = claim('Ticket_ClaimByReading', {
      deadline: formatMicros(preparedAt + hour),
    });
    expect(metadataOf(prepared)).toMatchObject({
      minLedgerEffectiveTime: String(preparedAt),
      maxLedgerEffectiveTime: String(preparedAt),
    });
    clock.advance(30n * second);
    const record = await execute(prepared);
    expect(record.type === 'transaction' && record.effectiveAt).toBe(formatMicros(preparedAt));
  });

  it('is refused once the ledger time tolerance has passed, though its deadline has not', async () => {
    const { claim, execute, clock, claims, engine } = await setUp();
    const prepared = claim('Ticket_ClaimByReading', {
      deadline: formatMicros(clock.nowMicros() + hour),
    });
    clock.advance(minute + second);
    const end = engine.ledgerEnd();
    expect((await refusal(execute(prepared))).code).toBe('LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND');
    expect(engine.ledgerEnd()).toBe(end);
    expect(claims()).toEqual([]);
  });
});

describe('a prepared transaction that looks at no time', () => {
  it('has no ledger time bounds and executes hours later, at that later time', async () => {
    const { prepare, execute, clock, party } = await setUp();
    const prepared = prepare([createIou(party, party, '3.0')]);
    const metadata = metadataOf(prepared);
    expect(metadata.minLedgerEffectiveTime).toBeUndefined();
    expect(metadata.maxLedgerEffectiveTime).toBeUndefined();
    clock.advance(5n * hour);
    const record = await execute(prepared);
    expect(record.type === 'transaction' && record.effectiveAt).toBe(
      formatMicros(clock.nowMicros()),
    );
  });
});
