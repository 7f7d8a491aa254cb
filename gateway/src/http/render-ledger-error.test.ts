import { DomainError } from '@pocketnet/ledger';
import { jsCommandsSchema } from '@pocketnet/schema';
import { describe, expect, it } from 'vitest';
import { renderLedgerError } from './render-ledger-error.ts';
import { invalidBody } from './request-body-error.ts';

describe('renderLedgerError', () => {
  it('renders a DomainError as its Canton error', () => {
    const { status, body } = renderLedgerError(
      new DomainError('PACKAGE_NOT_FOUND', 'no such package'),
      {
        traceId: 't',
      },
    );
    expect([status, body.code, body.traceId]).toEqual([404, 'PACKAGE_NOT_FOUND', 't']);
  });

  it('renders an undecodable request as INVALID_ARGUMENT with the decoding message', () => {
    const zodFailure = jsCommandsSchema.safeParse({}).error;
    const fromZod = renderLedgerError(zodFailure, { traceId: 't' });
    expect([fromZod.status, fromZod.body.code]).toEqual([400, 'INVALID_ARGUMENT']);
    expect(fromZod.body.cause).toMatch(
      /^Invalid value for: body \(Missing required field at 'commands'/,
    );
    const fromBody = renderLedgerError(invalidBody('exhausted input'), { traceId: 't' });
    expect(fromBody.body.cause).toBe('Invalid value for: body (exhausted input)');
  });

  it('renders anything else as the fixed internal error', () => {
    const { status, body } = renderLedgerError(new TypeError('x is undefined'), { traceId: 't' });
    expect([status, body.code]).toEqual([500, 'LEDGER_API_INTERNAL_ERROR']);
    expect(body.cause).not.toContain('x is undefined');
  });
});
