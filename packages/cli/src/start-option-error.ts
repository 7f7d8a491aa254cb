/**
 * A start option (or the environment variable standing for it) the command cannot run with:
 * the command prints its one-line message, naming the option, and exits with code 2.
 */
export class StartOptionError extends Error {
  override readonly name = 'StartOptionError';
}

export const isStartOptionError = (error: unknown): error is StartOptionError =>
  error instanceof Error && error.name === 'StartOptionError';
