import { DomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineProcessor } from '../src/processors/define-processor.ts';
import { PermanentJobError } from '../src/queue/job-errors.ts';

const job = (data: unknown) => ({
  id: 'job-1',
  name: 'test',
  data,
  attemptsMade: 0,
  updateProgress: async () => {},
});
const signal = new AbortController().signal;

describe('a processor defined with defineProcessor', () => {
  const processorThrowing = (error: unknown) =>
    defineProcessor(z.object({ party: z.string().min(3) }), async () => {
      throw error;
    });

  it('passes parsed data to its service and answers the outcome', async () => {
    const processor = defineProcessor(z.object({ n: z.number() }), async ({ n }, seen) => ({
      outcome: 'done',
      detail: `${seen.id}: ${n * 2}`,
    }));
    await expect(processor(job({ n: 21 }), signal)).resolves.toEqual({
      outcome: 'done',
      detail: 'job-1: 42',
    });
  });

  it('fails invalid data for good, naming the field', async () => {
    const failure = await processorThrowing(new Error('unused'))(job({ party: 1 }), signal).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect((failure as Error).message).toMatch(/invalid job data: party:/);
  });

  it('turns a duplicate command into a noop and a missing contract into stale', async () => {
    const duplicate = new DomainError('DUPLICATE_COMMAND', 'already processed');
    const gone = new DomainError('CONTRACT_NOT_FOUND', 'no such contract');
    await expect(processorThrowing(duplicate)(job({ party: 'abc' }), signal)).resolves.toEqual({
      outcome: 'noop',
      detail: 'DUPLICATE_COMMAND: already processed',
    });
    await expect(processorThrowing(gone)(job({ party: 'abc' }), signal)).resolves.toMatchObject({
      outcome: 'stale',
    });
  });

  it('names the contract a missing-contract refusal names, for a conflict rerun', async () => {
    const spent = new DomainError('CONTRACT_NOT_FOUND', 'Contract could not be found', {
      details: { contractId: '00ab' },
    });
    await expect(processorThrowing(spent)(job({ party: 'abc' }), signal)).resolves.toMatchObject({
      outcome: 'stale',
      inactiveContract: '00ab',
    });
  });

  it('fails a refusal for good and rethrows what may pass, for a retry', async () => {
    const refused = new DomainError('DAML_INTERPRETATION_ERROR', 'insufficient funds');
    await expect(processorThrowing(refused)(job({ party: 'abc' }), signal)).rejects.toThrow(
      PermanentJobError,
    );
    const transient = new DomainError('UNAVAILABLE', 'not now');
    await expect(processorThrowing(transient)(job({ party: 'abc' }), signal)).rejects.toBe(
      transient,
    );
    const lost = new Error('connection lost');
    await expect(processorThrowing(lost)(job({ party: 'abc' }), signal)).rejects.toBe(lost);
  });
});
