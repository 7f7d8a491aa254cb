/** @import { CallInit, Caller, ClientOptions } from './client-types.js' */
import { ApiError, errorOfResponse } from './api-error.js';

/**
 * JSON over fetch with the bearer token; every failure an ApiError whose message is a sentence.
 * @param {ClientOptions} options
 * @returns {Caller}
 */
export function createCaller(options) {
  const baseUrl = options.baseUrl ?? '';
  /**
   * @template T
   * @param {string} path
   * @param {CallInit} [init]
   * @returns {Promise<T>}
   */
  const call = async (path, init = {}) => {
    /** @type {Record<string, string>} */
    const headers = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    /** @type {RequestInit} */
    const request = { method: init.method ?? 'GET', headers };
    if (init.body !== undefined) request.body = JSON.stringify(init.body);
    let response;
    try {
      response = await (options.fetch ?? fetch)(`${baseUrl}${path}`, request);
    } catch {
      throw new ApiError(0, 'The node did not answer. Check that it is running and try again.');
    }
    if (!response.ok) {
      let error = await errorOfResponse(response);
      if (options.explain) {
        error = new ApiError(error.status, options.explain(error.message, error.status));
      }
      if (error.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    const text = await response.text();
    return text === '' ? /** @type {T} */ (undefined) : JSON.parse(text);
  };
  return Object.assign(call, { options });
}

/**
 * A path segment, escaped.
 * @param {string} value
 */
export const segment = (value) => encodeURIComponent(value);
