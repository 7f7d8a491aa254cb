import { describe, expect, it } from 'vitest';
import { expectMatchesSpec, expectRequestMatchesSpec } from './openapi-validator.ts';

const party = {
  party: 'alice::1220aa',
  isLocal: true,
  localMetadata: { resourceVersion: '1', annotations: {} },
};
const cantonError = {
  code: 'USER_NOT_FOUND',
  cause: 'getting user failed for unknown user "bob"',
  context: { category: '11', definite_answer: 'false' },
  resources: [['USER', 'bob']],
  errorCategory: 11,
  grpcCodeValue: 5,
  definiteAnswer: false,
};

describe('expectMatchesSpec', () => {
  it('accepts a response the spec allows, for a literal and for a templated path', () => {
    expectMatchesSpec({
      spec: 'ledger',
      method: 'POST',
      path: '/v2/parties',
      status: 200,
      body: { partyDetails: party },
    });
    expectMatchesSpec({
      spec: 'ledger',
      method: 'get',
      path: '/v2/parties/alice%3A%3A1220aa?identity-provider-id=',
      status: 200,
      body: { partyDetails: [party] },
    });
  });

  it('checks an undeclared status against the default response, the JsCantonError', () => {
    expectMatchesSpec({
      spec: 'ledger',
      method: 'POST',
      path: '/v2/parties',
      status: 404,
      body: cantonError,
    });
    expect(() =>
      expectMatchesSpec({
        spec: 'ledger',
        method: 'POST',
        path: '/v2/parties',
        status: 409,
        body: { code: 'X' },
      }),
    ).toThrow(/JsCantonError[\s\S]*must have required property 'cause'/);
  });

  it('lists every mismatch with where it is', () => {
    const body = { partyDetails: { party: 42, isLocal: 'yes' } };
    let message = '';
    try {
      expectMatchesSpec({ spec: 'ledger', method: 'POST', path: '/v2/parties', status: 200, body });
    } catch (error) {
      message = String(error);
    }
    expect(message).toContain('/partyDetails/party: must be string');
    expect(message).toContain('/partyDetails/isLocal: must be boolean');
    expect(message).toContain('AllocatePartyResponse');
  });

  it('takes the text/plain 400 of the Ledger API as a string, and a JSON 400 as the default error', () => {
    const path = '/v2/commands/submit-and-wait';
    expectMatchesSpec({
      spec: 'ledger',
      method: 'POST',
      path,
      status: 400,
      body: 'Invalid value for: body (x)',
    });
    expectMatchesSpec({ spec: 'ledger', method: 'POST', path, status: 400, body: cantonError });
    expect(() =>
      expectMatchesSpec({ spec: 'ledger', method: 'POST', path, status: 400, body: { code: 'x' } }),
    ).toThrow(/JsCantonError[\s\S]*must have required property 'cause'/);
  });

  it('reads OpenAPI nullable as allowing null, and still checks a value that is given', () => {
    const path = '/v0/events/some-update';
    expectMatchesSpec({
      spec: 'scan',
      method: 'GET',
      path,
      status: 200,
      body: { update: null, verdict: null },
    });
    expect(() =>
      expectMatchesSpec({
        spec: 'scan',
        method: 'GET',
        path,
        status: 200,
        body: { verdict: { update_id: 1 } },
      }),
    ).toThrow(/\/verdict\/update_id: must be string/);
  });

  it('refuses a path or method the spec does not have', () => {
    expect(() =>
      expectMatchesSpec({
        spec: 'ledger',
        method: 'GET',
        path: '/v2/nothing',
        status: 200,
        body: {},
      }),
    ).toThrow(/no path matching/);
    expect(() =>
      expectMatchesSpec({
        spec: 'ledger',
        method: 'PUT',
        path: '/v2/parties',
        status: 200,
        body: {},
      }),
    ).toThrow(/no PUT/);
  });
});

describe('expectRequestMatchesSpec', () => {
  it('accepts a tagged command as one of the oneOf variants and refuses an untagged one', () => {
    const commands = { commands: [], commandId: 'c', actAs: ['alice::1220aa'] };
    const create = { CreateCommand: { templateId: '#pkg:M:T', createArguments: {} } };
    const path = '/v2/commands/submit-and-wait';
    expectRequestMatchesSpec({
      spec: 'ledger',
      method: 'POST',
      path,
      body: { ...commands, commands: [create] },
    });
    expect(() =>
      expectRequestMatchesSpec({
        spec: 'ledger',
        method: 'POST',
        path,
        body: { ...commands, commands: [{ templateId: 'x' }] },
      }),
    ).toThrow(/commands\/0/);
  });
});
