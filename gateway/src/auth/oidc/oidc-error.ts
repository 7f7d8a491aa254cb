/** A refusal of the token endpoint, in OAuth's shape: `{ error, error_description }`. */
export class OidcError extends Error {
  readonly status: number;
  readonly error: string;

  constructor(status: number, error: string, description: string) {
    super(description);
    this.name = 'OidcError';
    this.status = status;
    this.error = error;
  }

  get body() {
    return { error: this.error, error_description: this.message };
  }
}

export const isOidcError = (error: unknown): error is OidcError => error instanceof OidcError;
