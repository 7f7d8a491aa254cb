// How the inspector words states and times (party names and ids are the UI kit's format.js).

const finishedWords = /^(completed|accepted|active|onboarded|closed|archived|issuing|open)$/;
const failedWords = /^(rejected|withdrawn|expired|failed|cancelled|canceled|aborted)$/;

/**
 * A colour family for a state's name: `good`, `bad` or `neutral`.
 * @param {string} state
 * @returns {'good' | 'bad' | 'neutral'}
 */
export function stateTone(state) {
  const last = state.split('.').at(-1) ?? state;
  if (failedWords.test(last)) return 'bad';
  if (finishedWords.test(last)) return 'good';
  return 'neutral';
}

/**
 * `2026-01-01T10:00:00.000Z` → `10:00:00`, or the date too when it is not today.
 * @param {string} iso
 */
export function formatTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === new Date().toDateString();
  const time = date.toLocaleTimeString(undefined, { hour12: false });
  return sameDay ? time : `${date.toLocaleDateString()} ${time}`;
}
