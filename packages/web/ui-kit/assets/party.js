// A party as the pages show it: its name (the id's hint) and a button that copies the whole id.
// The fingerprint after `::` is the participant's, the same for every party it hosts, so a
// shortened one tells no two of them apart: the name does, and the id is there to copy.
import { h } from './dom.js';
import { partyName } from './format.js';

const copiedMs = 1500;

/**
 * Copies `text`, and says so on `button` for a moment (or that the browser refused).
 * @param {HTMLButtonElement} button
 * @param {string} text
 */
async function copyInto(button, text) {
  const label = button.textContent;
  let copied = true;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    copied = false;
  }
  button.textContent = copied ? 'Copied' : 'Select it in the tooltip';
  button.dataset.copied = String(copied);
  setTimeout(() => {
    button.textContent = label;
    delete button.dataset.copied;
  }, copiedMs);
}

/**
 * `alice` and a Copy id button for `alice::1220…`; `label` replaces the name (`you`).
 * @param {string} id
 * @param {{ label?: string }} [how]
 */
export function partyChip(id, { label } = {}) {
  const name = label ?? partyName(id);
  const button = /** @type {HTMLButtonElement} */ (
    h(
      'button',
      {
        type: 'button',
        class: 'copy-id',
        title: id,
        'aria-label': `Copy the party id of ${name}`,
        dataset: { party: id },
      },
      'Copy id',
    )
  );
  button.addEventListener('click', () => void copyInto(button, id));
  return h('span', { class: 'party' }, h('span', { class: 'party-name', title: id }, name), button);
}
