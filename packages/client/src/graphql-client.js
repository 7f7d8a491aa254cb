/** @import { Caller } from './client-types.js' */
import { ApiError, sentenceOf } from './api-error.js';

/**
 * `POST /graphql`: runs an operation and answers its `data`; an answer with errors throws the
 * first as an ApiError (status 400: the node answered, the operation failed).
 * @param {Caller} call
 */
export function graphqlClient(call) {
  /**
   * @template [T=Record<string, any>]
   * @param {string} query
   * @param {Record<string, unknown>} [variables]
   * @returns {Promise<T>}
   */
  return async (query, variables) => {
    /** @type {{ data?: T, errors?: Array<{ message: string }> }} */
    const body = await call('/graphql', {
      method: 'POST',
      body: variables === undefined ? { query } : { query, variables },
    });
    const first = body.errors?.[0];
    if (!first) return /** @type {T} */ (body.data);
    const message = sentenceOf(first.message);
    throw new ApiError(400, call.options.explain?.(message, 400) ?? message);
  };
}
