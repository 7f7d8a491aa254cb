import { isStartOptionError } from '../src/start-option-error.ts';

/** The message a start option is refused with; fails when it is not refused. */
export function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isStartOptionError(error)) return error.message;
    throw error;
  }
  throw new Error('not refused');
}
