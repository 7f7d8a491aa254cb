import { DomainError } from '@pocketnet/ledger';
import { domainErrorCodes } from '@pocketnet/schema';
import { GraphQLError } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { factsOf } from '../http/canton-error-catalogue.ts';
import { graphqlErrorStatus } from './graphql-error-status.ts';
import { maskGraphQLError } from './mask-graphql-error.ts';

describe('GraphQL errors', () => {
  it('gives every code the HTTP status the REST edges give it', () => {
    for (const code of domainErrorCodes) {
      expect([code, graphqlErrorStatus[code]]).toEqual([code, factsOf(code).httpStatus]);
    }
  });

  it('turns a DomainError a resolver threw into its code and status', () => {
    const cause = new DomainError('USER_NOT_FOUND', 'no such user', { details: { userId: 'u' } });
    const wrapped = new GraphQLError(cause.message, { path: ['user'], originalError: cause });
    const masked = maskGraphQLError(wrapped, 'Unexpected error.');
    expect(masked).toBeInstanceOf(GraphQLError);
    expect((masked as GraphQLError).toJSON()).toEqual({
      message: 'no such user',
      path: ['user'],
      extensions: {
        code: 'USER_NOT_FOUND',
        status: 404,
        details: { userId: 'u' },
        http: { status: 404 },
      },
    });
  });

  it("masks anything else, and lets GraphQL's own errors pass", () => {
    const bug = new GraphQLError('secret detail', { originalError: new TypeError('secret') });
    const masked = maskGraphQLError(bug, 'Unexpected error.') as GraphQLError;
    expect(masked.message).toBe('Unexpected error.');
    expect(masked.extensions).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 });
    expect(JSON.stringify(masked.toJSON())).not.toContain('secret');
    const invalid = new GraphQLError('Cannot query field "x" on type "Query".');
    expect(maskGraphQLError(invalid, 'Unexpected error.')).toBe(invalid);
  });

  it('answers a resolver that fails with a bug as 500 with a fixed message, through yoga', async () => {
    // A schema of the test's own whose resolver fails as a bug would: a plain Error.
    const schema = createSchema({
      typeDefs: 'type Query { broken: String }',
      resolvers: {
        Query: {
          broken: () => {
            throw new Error('database handle is gone: secret-detail');
          },
        },
      },
    });
    const yoga = createYoga({
      schema,
      logging: false,
      maskedErrors: { maskError: maskGraphQLError },
    });
    const response = await yoga.fetch('http://pocketnet.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: '{ broken }' }),
    });
    const body = (await response.json()) as { errors: unknown[] };
    expect(response.status).toBe(500);
    expect(body.errors).toEqual([
      {
        message: 'Unexpected error.',
        path: ['broken'],
        locations: [{ line: 1, column: 3 }],
        extensions: { code: 'INTERNAL_SERVER_ERROR', status: 500 },
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('secret-detail');
  });
});
