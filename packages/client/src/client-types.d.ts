import type { ApiError } from './api-error.js';

// The shapes the client's calls share.

export type ClientOptions = {
  /** Where the node is, such as `http://127.0.0.1:7575`; empty (the default) in its own pages. */
  readonly baseUrl?: string;
  /** The bearer token every call carries, if any. */
  readonly token?: string;
  /** Told of every 401 before the call throws it (a page shows its sign-in again). */
  readonly onUnauthorized?: (error: ApiError) => void;
  /** Rewords the node's refusals (a page says what to do); the message is kept unless given. */
  readonly explain?: (message: string, status: number) => string;
  /** The fetch to call with (the global one unless given). */
  readonly fetch?: typeof fetch;
};

export type CallInit = {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  readonly body?: unknown;
};

export type Caller = {
  /** Calls `path` (JSON both ways); throws an ApiError for any answer but 2xx. */
  <T>(path: string, init?: CallInit): Promise<T>;
  readonly options: ClientOptions;
};
