// Small DOM helpers both pages build with: elements from data, never from HTML strings, so no
// markup is ever injected.

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * Attributes by name: `on<Event>` a listener, `dataset` the data attributes, `true` an empty
 * attribute; `undefined`, `null` and `false` leave the attribute out.
 * @typedef {Record<string, unknown> | null | undefined} Attributes
 */

/**
 * What an element holds: nodes, text, numbers, and lists of them; `null`, `undefined` and
 * `false` hold nothing (so `cond && h(…)` works).
 * @typedef {Node | string | number | boolean | null | undefined | ChildList} Child
 * @typedef {ReadonlyArray<Child>} ChildList
 */

/**
 * @param {HTMLElement | SVGElement} element
 * @param {Attributes} attributes
 */
function assign(element, attributes) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2).toLowerCase(), /** @type {EventListener} */ (value));
    } else if (name === 'dataset') {
      Object.assign(element.dataset, /** @type {object} */ (value));
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
}

/**
 * @param {Element} element
 * @param {ChildList} children
 */
function append(element, children) {
  const flat = /** @type {unknown[]} */ (children).flat(Number.POSITIVE_INFINITY);
  for (const child of /** @type {Array<Exclude<Child, ChildList>>} */ (flat)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/**
 * An HTML element: `h('button', { class: 'x', onClick }, 'label')`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} attributes
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes, ...children) {
  const element = document.createElement(tag);
  assign(element, attributes);
  append(element, children);
  return element;
}

/**
 * An SVG element, with the same arguments as `h`.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} attributes
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
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
/**
 * @param {Element} container
 * @param {...Child} children
 */
export function replaceChildren(container, ...children) {
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  const key = focused instanceof HTMLElement ? focused.dataset.key : undefined;
  container.replaceChildren();
  append(container, children);
  if (key === undefined) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again instanceof HTMLElement) again.focus({ preventScroll: true });
}

/**
 * The element with `id`, which the page's HTML holds (one missing is a bug, thrown at once).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element;
}
