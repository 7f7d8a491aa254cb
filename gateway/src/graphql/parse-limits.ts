import { GraphQLError, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';

export type ParseLimits = {
  /**
   * Brackets (`{`, `(`, `[`) open at once in the raw text. graphql-js parses by recursion, so a
   * document nested thousands deep overflows the stack before any validation rule could see it.
   */
  readonly maxNesting: number;
  /** Tokens graphql-js reads before it gives up (its `maxTokens`). */
  readonly maxTokens: number;
};

/**
 * Far above any real operation (the deepest selection allowed is 12 fields; GraphiQL's
 * introspection query nests about 20 brackets), far below what overflows the parser.
 */
export const defaultParseLimits: ParseLimits = { maxNesting: 100, maxTokens: 100_000 };

const opening = new Set(['{', '(', '[']);
const closing = new Set(['}', ')', ']']);

/** Skips a string literal (`"…"` or `"""…"""`) starting at `start`; the index after it. */
function afterString(text: string, start: number): number {
  if (text.startsWith('"""', start)) {
    const end = text.indexOf('"""', start + 3);
    return end === -1 ? text.length : end + 3;
  }
  let index = start + 1;
  while (index < text.length && text[index] !== '"' && text[index] !== '\n') {
    index += text[index] === '\\' ? 2 : 1;
  }
  return index + 1;
}

/** The deepest bracket nesting of a GraphQL document, strings and comments aside. */
export function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '"') {
      index = afterString(text, index);
      continue;
    }
    if (char === '#') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
      continue;
    }
    if (opening.has(char)) deepest = Math.max(deepest, ++depth);
    else if (closing.has(char)) depth -= 1;
    index += 1;
  }
  return deepest;
}

const tooDeep = (nesting: number, limits: ParseLimits) =>
  new GraphQLError(
    `The operation nests ${nesting} brackets deep; at most ${limits.maxNesting} are allowed`,
    { extensions: { code: 'QUERY_TOO_DEEP', status: 400, http: { status: 400 } } },
  );

/**
 * Refuses a document nested too deep from its raw text, before graphql-js parses it, and bounds
 * the tokens the parser reads: a 4xx `QUERY_TOO_DEEP`, never a stack overflow's 500. Every
 * transport (HTTP, server-sent events, graphql-ws) parses through envelop, so through this.
 */
export const useParseLimits = (limits: ParseLimits = defaultParseLimits): Plugin => ({
  onParse: ({ setParseFn }) => {
    setParseFn((source, options) => {
      const text = typeof source === 'string' ? source : source.body;
      const nesting = nestingOf(text);
      if (nesting > limits.maxNesting) throw tooDeep(nesting, limits);
      return parse(source, { ...options, maxTokens: limits.maxTokens });
    });
  },
});
