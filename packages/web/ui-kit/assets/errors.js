// The node's refusals as the pages say them: what went wrong in a person's words and what to do
// next, amounts with their unit. A message no rule knows is shown as the node wrote it.

/** The coin's symbol, as the wallet names amounts. */
export const coin = 'CC';

/**
 * A decimal with its thousands grouped: `98816.3` → `98,816.3` (text in, text out: exact).
 * @param {string} decimal
 */
export function groupDigits(decimal) {
  const [whole = '', fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** @type {ReadonlyArray<readonly [RegExp, (match: RegExpMatchArray) => string]>} */
const rules = [
  [
    // Canton's answer to a request body that does not decode, here a user name with a space.
    /^Invalid value for: body \(a user id has letters, digits and (.+) at 'user'\)\.?$/,
    (match) =>
      `A user name has only letters, digits and ${match[1]} — no spaces. Try again without them.`,
  ],
  [
    /^Invalid value for: body \((.+) at '([\w.]+)'\)\.?$/,
    (match) => `The ${match[2]} is not valid: ${match[1]}. Correct it and try again.`,
  ],
  [
    /^Parties not known on ledger: \[?([^\]]+?)\]?\.?$/,
    (match) =>
      `No party ${match[1]} is known on this network. Check the id (copy it from its owner) or use a registered name.`,
  ],
  [
    // Splice's own packages report it as a Daml failure status, its id and category first.
    /^(?:(?:Interpretation error: Error: )?User failure: \S+ \(error category \d+\): )?Insufficient funds: you are missing (\d+(?:\.\d+)?) to complete this transfer\.?$/,
    (match) =>
      `Not enough coin: this needs ${groupDigits(match[1] ?? '')} ${coin} more than you hold, ` +
      'fees included. Send less, or tap or receive coin first.',
  ],
];

/**
 * What a page shows for a refusal with `message` (already a sentence, see the client's
 * `sentenceOf`): the words of the first rule it matches, else the message itself.
 * @param {string} message
 */
export function explain(message) {
  for (const [pattern, words] of rules) {
    const match = message.match(pattern);
    if (match) return words(match);
  }
  return message;
}

/**
 * The words of anything thrown: an Error's message, else the thing itself.
 * @param {unknown} error
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * The HTTP status of a refused call (the client's ApiError), 0 for anything else.
 * @param {unknown} error
 */
export const statusOf = (error) =>
  error instanceof Error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : 0;
