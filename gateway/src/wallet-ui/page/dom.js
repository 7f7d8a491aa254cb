// Small DOM helpers: elements from data, never from HTML strings, so no markup is ever injected.

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

/** A form's named field values, trimmed. */
export function fieldsOf(form) {
  const fields = {};
  for (const [name, value] of new FormData(form)) {
    fields[name] = typeof value === 'string' ? value.trim() : value;
  }
  return fields;
}

/** Shows `message` in a form's error line (hidden when empty), and marks the field it is about. */
export function showFormError(errorLine, message) {
  errorLine.textContent = message ?? '';
  errorLine.hidden = !message;
}

/**
 * Runs `action` for a submitted form: its buttons are disabled meanwhile (no double sends),
 * its error line shows what went wrong in words, and the form resets when it succeeds.
 */
export async function runForm(form, action) {
  const buttons = [...form.querySelectorAll('button')];
  const errorLine = form.querySelector('.error');
  for (const button of buttons) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  if (errorLine) showFormError(errorLine, '');
  try {
    await action(fieldsOf(form));
    return true;
  } catch (error) {
    if (errorLine) showFormError(errorLine, error.message);
    return false;
  } finally {
    for (const button of buttons) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/** Disables a button while `action` runs; a failure is handed to `onError`. */
export async function runButton(button, action, onError) {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await action();
  } catch (error) {
    onError(error);
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}
