// The page's keyboard shortcuts, ignored while the user types in a field.

/**
 * @param {EventTarget | null} target
 */
const isTyping = (target) =>
  target instanceof Element && target.closest('input, textarea, select') !== null;

/**
 * A keydown listener: `/` focuses the search, ← and → step through the replay (when
 * `canStep()`), L follows live again.
 * @param {{ search: () => void, canStep: () => boolean, step: (by: number) => void, live: () => void }} actions
 * @returns {(event: KeyboardEvent) => void}
 */
export function createShortcuts({ search, canStep, step, live }) {
  return (event) => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
    if (isTyping(event.target)) return;
    /** @type {Record<string, (() => void) | undefined>} */
    const actions = {
      '/': () => search(),
      ArrowLeft: () => step(-1),
      ArrowRight: () => step(1),
      l: live,
      L: live,
    };
    const action = actions[event.key];
    if (!action || (event.key.startsWith('Arrow') && !canStep())) return;
    event.preventDefault();
    action();
  };
}
