// Form helpers of the wallet: a form's fields, its error line, and buttons kept busy while they act.
import { messageOf } from '../../ui-kit/assets/errors.js';

/**
 * A form's named field values, trimmed.
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
export function fieldsOf(form) {
  /** @type {Record<string, string>} */
  const fields = {};
  for (const [name, value] of new FormData(form)) {
    // A file input's value is no text: the wallet's forms have none.
    if (typeof value === 'string') fields[name] = value.trim();
  }
  return fields;
}

/**
 * Shows `message` in a form's error line (hidden when empty), and marks the field it is about.
 * @param {HTMLElement} errorLine
 * @param {string | null | undefined} message
 */
export function showFormError(errorLine, message) {
  errorLine.textContent = message ?? '';
  errorLine.hidden = !message;
}

/**
 * Runs `action` for a submitted form: its buttons are disabled meanwhile (no double sends),
 * its error line shows what went wrong in words, and the form resets when it succeeds.
 * @param {HTMLFormElement} form
 * @param {(fields: Record<string, string>) => Promise<unknown>} action
 */
export async function runForm(form, action) {
  const buttons = [...form.querySelectorAll('button')];
  const errorLine = form.querySelector('.error');
  const line = errorLine instanceof HTMLElement ? errorLine : null;
  for (const button of buttons) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  if (line) showFormError(line, '');
  try {
    await action(fieldsOf(form));
    return true;
  } catch (error) {
    if (line) showFormError(line, messageOf(error));
    return false;
  } finally {
    for (const button of buttons) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/**
 * Disables a button while `action` runs; a failure is handed to `onError`.
 * @param {HTMLButtonElement} button
 * @param {() => Promise<unknown>} action
 * @param {(error: unknown) => void} onError
 */
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
