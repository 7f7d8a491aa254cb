// Small DOM helpers: elements from data, never from HTML strings, so no markup is ever injected.

const svgNamespace = 'http://www.w3.org/2000/svg';

function assign(element, attributes) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'dataset') {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/** An HTML element: `h('button', { class: 'x', onClick }, 'label')`. */
export function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  assign(element, attributes);
  append(element, children);
  return element;
}

/** An SVG element, with the same arguments as `h`. */
export function s(tag, attributes, ...children) {
  const element = document.createElementNS(svgNamespace, tag);
  assign(element, attributes);
  append(element, children);
  return element;
}

/**
 * Replaces a container's children; the element that had the focus (found again by its
 * `data-key`) keeps it, so live updates do not throw a keyboard user out of a list.
 */
export function replaceChildren(container, ...children) {
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  const key = focused?.dataset?.key;
  container.replaceChildren();
  append(container, children);
  if (key === undefined) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  again?.focus({ preventScroll: true });
}

/** `alice::1220abcd…` → `alice`, the part a person recognises. */
export function partyName(party) {
  const at = party.indexOf('::');
  return at < 0 ? party : party.slice(0, at);
}

/** A long id with its middle left out: `00a1b2…e9f0`. */
export function shortId(id, keep = 6) {
  return id.length <= keep * 2 + 1 ? id : `${id.slice(0, keep)}…${id.slice(-keep)}`;
}

const finishedWords = /^(completed|accepted|active|onboarded|closed|archived|issuing|open)$/;
const failedWords = /^(rejected|withdrawn|expired|failed|cancelled|canceled|aborted)$/;

/** A colour family for a state's name: `good`, `bad` or `neutral`. */
export function stateTone(state) {
  const last = state.split('.').at(-1) ?? state;
  if (failedWords.test(last)) return 'bad';
  if (finishedWords.test(last)) return 'good';
  return 'neutral';
}

/** `2026-01-01T10:00:00.000Z` → `10:00:00`, or the date too when it is not today. */
export function formatTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameDay = date.toDateString() === new Date().toDateString();
  const time = date.toLocaleTimeString(undefined, { hour12: false });
  return sameDay ? time : `${date.toLocaleDateString()} ${time}`;
}
