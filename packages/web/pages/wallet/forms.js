// Form helpers of the wallet: a form's fields, its error line, and buttons kept busy while they act.
import { messageOf } from '../../ui-kit/assets/errors.js';

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
    if (errorLine) showFormError(errorLine, messageOf(error));
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
