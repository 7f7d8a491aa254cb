import { fc, test } from '@fast-check/vitest';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createQueryLimitsRule } from './query-limits.rule.ts';

const schema = buildSchema(`
  type Query { node: Node, nodes(pageSize: Int = 5): [Node!]!, page(pageSize: Int): Page! }
  type Mutation { tap(amount: Int!): Node! }
  type Page { items: [Node!]! }
  type Node { id: ID!, child: Node, children: [Node!]! }
`);
const limits = {
  maxDepth: 6,
  maxCost: 1000,
  assumedListSize: 10,
  maxPageSize: 100,
  maxMutationFields: 3,
};
const rule = createQueryLimitsRule(limits);
const codesOf = (query: string) =>
  validate(schema, parse(query), [...specifiedRules, rule]).map((error) => error.extensions.code);
const nested = (levels: number) => {
  let selection = 'id';
  for (let level = 1; level < levels; level += 1) selection = `child { ${selection} }`;
  return `{ node { ${selection} } }`;
};

describe('mutation root fields', () => {
  const taps = (count: number) =>
    Array.from({ length: count }, (_, index) => `t${index}: tap(amount: 1) { id }`).join(' ');

  test.prop([fc.integer({ min: 1, max: 12 })])(
    'refuses exactly the mutations of more root fields than allowed',
    (count) => {
      const refused = codesOf(`mutation { ${taps(count)} }`).includes('MUTATION_TOO_LARGE');
      expect(refused).toBe(count > limits.maxMutationFields);
    },
  );

  it('counts the root fields of fragments, and not those of a query', () => {
    expect(
      codesOf(`mutation { ...more ... on Mutation { b: tap(amount: 2) { id } } a: tap(amount: 1) { id } }
        fragment more on Mutation { c: tap(amount: 3) { id } d: tap(amount: 4) { id } }`),
    ).toEqual(['MUTATION_TOO_LARGE']);
    expect(codesOf('{ a: node { id } b: node { id } c: node { id } d: node { id } }')).toEqual([]);
  });
});

describe('query limits', () => {
  test.prop([fc.integer({ min: 1, max: 20 })])(
    'refuses exactly the operations nested too deep',
    (levels) => {
      // `node` is level 1 and the innermost `id` one more.
      const depth = levels + 1;
      expect(codesOf(nested(levels)).includes('QUERY_TOO_DEEP')).toBe(depth > limits.maxDepth);
    },
  );

  it("counts list fields by their page size, a parent's page size or the SDL default", () => {
    // 1 + 5 nodes + 5 × 10 children × 3 fields: 156.
    expect(codesOf('{ nodes(pageSize: 5) { children { id child { id } } } }')).toEqual([]);
    expect(codesOf('{ nodes(pageSize: 100) { children { id child { id } } } }')).toEqual([
      'QUERY_TOO_COSTLY',
    ]);
    expect(codesOf('{ page(pageSize: 100) { items { children { id child { id } } } } }')).toEqual([
      'QUERY_TOO_COSTLY',
    ]);
    expect(codesOf('{ nodes { children { children { children { id } } } } }')).toEqual([
      'QUERY_TOO_COSTLY',
    ]);
  });

  it('counts a page size given by a variable as the largest page', () => {
    const query = 'query($n: Int) { nodes(pageSize: $n) { children { id child { id } } } }';
    expect(codesOf(query)).toEqual(['QUERY_TOO_COSTLY']);
  });

  it('counts fields inside fragments, and leaves introspection alone', () => {
    const spread =
      'fragment deep on Node { children { children { children { id } } } } { nodes(pageSize: 1) { ...deep } }';
    expect(codesOf(spread)).toEqual(['QUERY_TOO_COSTLY']);
    const introspection =
      '{ __schema { types { fields { type { ofType { ofType { ofType { ofType { name } } } } } } } } }';
    expect(codesOf(introspection)).toEqual([]);
  });
});
