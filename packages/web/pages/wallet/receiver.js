// A party a person names: a party id (`hint::fingerprint`) as it is, or a name-service name
// looked up through Scan.
/** @import { WalletApi } from './api.js' */
import { statusOf } from '../../ui-kit/assets/errors.js';

const partyPattern = /^[^:\s]+::[0-9a-f]+$/i;

/**
 * @param {string} text
 */
export const isPartyId = (text) => partyPattern.test(text);

/**
 * The party `text` names, and how it was named: `{ party, name }` (`name` when it came from the
 * name service). Throws an Error in words when there is no such party.
 * @param {WalletApi} api
 * @param {string | null | undefined} text
 * @param {string} [what]
 * @returns {Promise<{ party: string, name: string | null }>}
 */
export async function resolveParty(api, text, what = 'the receiver') {
  const named = String(text ?? '').trim();
  if (named === '') throw new Error(`Enter ${what}: a party id or a name.`);
  if (isPartyId(named)) return { party: named, name: null };
  if (named.includes('::')) {
    throw new Error(`“${named}” is not a party id: it should look like name::1220… (hex).`);
  }
  try {
    const { entry } = await api.ansByName(named);
    return { party: entry.user, name: entry.name };
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
    throw new Error(
      `No one is registered as “${named}” in the name service. Enter a party id (name::1220…) or a registered name.`,
    );
  }
}
