import { DomainError } from '@pocketnet/ledger';
import { domainErrorCodes } from '@pocketnet/schema';
import { describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../test/openapi-validator.ts';
import { renderCantonError, renderInternalError } from './canton-error.render.ts';
import { factsOf } from './canton-error-catalogue.ts';

const specCheck = (status: number, body: unknown) =>
  expectMatchesSpec({
    spec: 'ledger',
    method: 'POST',
    path: '/v2/commands/submit-and-wait',
    status,
    body,
  });

describe('renderCantonError', () => {
  it('renders every error code as a JsCantonError the spec accepts, redacted or not', () => {
    for (const code of domainErrorCodes) {
      const error = new DomainError(code, `failure ${code}`, {
        details: { contractId: '00ab', commandId: 'c1' },
      });
      for (const revealSecuritySensitive of [false, true]) {
        const { status, body } = renderCantonError(error, {
          revealSecuritySensitive,
          traceId: 'ab',
        });
        expect(status).toBe(factsOf(code).httpStatus);
        specCheck(status, body);
      }
    }
  });

  it.each([
    ['CONTRACT_NOT_FOUND', 404, 11, 5],
    ['DUPLICATE_COMMAND', 409, 10, 6],
    ['INVALID_ARGUMENT', 400, 8, 3],
    ['DAML_INTERPRETATION_ERROR', 400, 9, 9],
    ['DAML_FAILURE', 400, 9, 9],
    ['OFFSET_AFTER_LEDGER_END', 400, 12, 11],
    ['CONCURRENT_USER_UPDATE_DETECTED', 409, 2, 10],
    ['UNAVAILABLE', 503, 1, 14],
    ['REQUEST_TIME_OUT', 504, 3, 4],
  ] as const)('maps %s to HTTP %i, category %i, gRPC code %i', (code, status, category, grpc) => {
    const rendered = renderCantonError(new DomainError(code, 'x'));
    expect(rendered.status).toBe(status);
    expect(rendered.body.errorCategory).toBe(category);
    expect(rendered.body.grpcCodeValue).toBe(grpc);
    expect(rendered.body.context.category).toBe(String(category));
  });

  it('reports resources apart from the remaining details, and a retry hint for contention', () => {
    const error = new DomainError(
      'CONCURRENT_USER_UPDATE_DETECTED',
      'Update operation for user failed',
      {
        details: { userId: 'alice', field_name: 'metadata' },
      },
    );
    const { body } = renderCantonError(error);
    expect(body.resources).toEqual([['USER', 'alice']]);
    expect(body.context).toEqual({ field_name: 'metadata', category: '2' });
    expect(body.retryInfo).toBe('1 second');
    expect(body).not.toHaveProperty('definiteAnswer');
  });

  it('hides a permission failure behind code NA unless asked to reveal it', () => {
    const error = new DomainError('PERMISSION_DENIED', 'alice may not act as bob', {
      details: { party: 'bob' },
    });
    const hidden = renderCantonError(error);
    expect(hidden.status).toBe(403);
    expect(hidden.body).toEqual({
      code: 'NA',
      cause: 'A security-sensitive error has been received',
      context: {},
      resources: [],
      errorCategory: -1,
      grpcCodeValue: 7,
    });
    const shown = renderCantonError(error, { revealSecuritySensitive: true });
    expect(shown.body).toMatchObject({
      code: 'PERMISSION_DENIED',
      cause: 'alice may not act as bob',
      errorCategory: 7,
    });
  });

  it('renders a bug as a fixed internal error that points at the log', () => {
    const { status, body } = renderInternalError({ traceId: 't1', correlationId: 'c1' });
    expect(status).toBe(500);
    expect(body.cause).toBe(
      'An error occurred. Please contact the operator and inquire about the request c1 with tid t1',
    );
    specCheck(status, body);
  });
});
