// Short confirmations in the corner, read out by screen readers, gone after a few seconds.
import { h } from '../../ui-kit/assets/dom.js';

const shownMs = 6000;
const maxShown = 3;

/**
 * `toast(message)` for the container.
 * @param {HTMLElement} container
 * @returns {(message: string) => void}
 */
export function createToasts(container) {
  return (message) => {
    const note = h('div', { class: 'toast' }, message);
    container.append(note);
    while (container.children.length > maxShown) container.firstElementChild?.remove();
    setTimeout(() => note.remove(), shownMs);
  };
}
