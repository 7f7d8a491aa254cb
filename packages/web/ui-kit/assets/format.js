// How both pages name parties and ids for people.

/**
 * `alice::1220abcd…` → `alice`, the part a person recognises.
 * @param {string | null | undefined} party
 */
export function partyName(party) {
  const text = String(party ?? '');
  const at = text.indexOf('::');
  return at < 0 ? text : text.slice(0, at);
}

/**
 * A long id with its middle left out: `1220a1…e9f0`.
 * @param {string | null | undefined} id
 * @param {number} [keep] how many characters to keep at each end
 */
export function shortId(id, keep = 6) {
  const text = String(id ?? '');
  return text.length <= keep * 2 + 1 ? text : `${text.slice(0, keep)}…${text.slice(-keep)}`;
}
