/** A call the node refused or never answered: `status` is the HTTP status, 0 when no answer came. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    /** @readonly */
    this.status = status;
  }
}

// Splice prefixes its error ids to messages (`splice.lfdecentralizedtrust.org/insufficient-funds: …`).
const errorIdPrefix = /^[a-z0-9.-]+\.[a-z]+\/[a-z0-9-]+:\s*/i;
// Canton's DAML_FAILURE cause leads with the failure's error id (or exception) and category.
const userFailurePrefix =
  /^(?:Interpretation error: Error: )?User failure: \S+ \(error category \d+\):\s*/;

/**
 * A server's error text as a sentence: no error-id prefix, a capital, a full stop.
 * @param {string} text
 */
export function sentenceOf(text) {
  const words = text.replace(userFailurePrefix, '').replace(errorIdPrefix, '').trim();
  if (words === '') return 'The node refused the request.';
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?)]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The ApiError of a refused response: Splice's `{error}`, Canton's `{cause}`, GraphQL's `{errors}`.
 * @param {Response} response
 */
export async function errorOfResponse(response) {
  const text = await response.text();
  let message = text || response.statusText;
  try {
    /** @type {{ error?: string, cause?: string, errors?: Array<{ message?: string }> }} */
    const body = JSON.parse(text);
    message = body.error ?? body.cause ?? body.errors?.[0]?.message ?? text;
  } catch {
    // a plain-text body is the message itself
  }
  return new ApiError(response.status, sentenceOf(message));
}
