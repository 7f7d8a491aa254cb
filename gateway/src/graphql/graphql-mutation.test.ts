import { describe, expect, it } from 'vitest';
import { isMutationRequest } from './graphql-mutation.ts';

const json = (body: unknown) => Buffer.from(JSON.stringify(body));

describe('recognising a GraphQL mutation as graphql-js reads the document', () => {
  it('finds the mutation a request runs, past comments and strings', () => {
    const json$ = 'application/json';
    expect(isMutationRequest(json({ query: '{ ledgerEnd }' }), json$)).toBe(false);
    const commented = '# a comment\n mutation { advanceTime(seconds: 60) { micros } }';
    expect(isMutationRequest(json({ query: commented }), json$)).toBe(true);
    expect(isMutationRequest(json({ query: '{ note(text: "# mutation") }' }), json$)).toBe(false);
    expect(isMutationRequest(json({ query: '# mutation { tap }\n{ x }' }), json$)).toBe(false);
  });

  it('follows the operation a request names, and any operation of a batch', () => {
    const both = 'query Q { x } mutation M { tap }';
    expect(isMutationRequest(json({ query: both, operationName: 'M' }), '')).toBe(true);
    expect(isMutationRequest(json({ query: both, operationName: 'Q' }), '')).toBe(false);
    expect(isMutationRequest(json([{ query: '{ x }' }, { query: 'mutation { tap }' }]), '')).toBe(
      true,
    );
  });

  it('reads application/graphql bodies, and leaves what is not a document to yoga', () => {
    expect(isMutationRequest(Buffer.from('mutation { tap }'), 'application/graphql')).toBe(true);
    expect(isMutationRequest(json({ query: 'mutation {' }), '')).toBe(false);
    expect(isMutationRequest(Buffer.from('not json'), 'application/json')).toBe(false);
  });
});
