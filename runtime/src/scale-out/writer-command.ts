import type { ReassignmentRequest, SubmitRequest } from '@pocketnet/ledger';
import type { DomainErrorCode } from '@pocketnet/schema';
import type { PlannedChange } from './planned-change.ts';

/** An HTTP request a gateway replica hands to the writer whole (an admin or wallet write). */
export type ForwardedHttpRequest = {
  readonly method: string;
  /** Path and query, as the client sent them. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body, base64 (empty for none). */
  readonly body: string;
};

export type ForwardedHttpAnswer = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
};

/**
 * What a replica asks of the writer, the synchronizer's single ordering point: a submission
 * the replica has already authorized, a participant change it planned (planned-change.ts), or a
 * whole HTTP request for the writer's own API.
 */
export type WriterCommand =
  | { readonly kind: 'submit'; readonly request: SubmitRequest }
  | { readonly kind: 'submit-async'; readonly request: SubmitRequest }
  | { readonly kind: 'reassign'; readonly request: ReassignmentRequest }
  | { readonly kind: 'plan'; readonly planned: PlannedChange }
  | { readonly kind: 'http'; readonly request: ForwardedHttpRequest };

export type WriterError = {
  readonly code: DomainErrorCode;
  readonly message: string;
  readonly details: Readonly<Record<string, string>>;
};

type AnswerBase = {
  /**
   * The journal position that covers the answer: a replica answers its client only once its
   * own bus has caught up with it (read your writes). For a commit, how far the journal was
   * durable; for a refusal, the last record the writer had applied (durable or not yet), since
   * a refusal may stem from a change still in flight (a contract just archived).
   */
  readonly position: number;
  /** The writer's clock (µs, decimal), which a replica's clock follows. */
  readonly nowMicros: string;
};

/** What the writer made of a command: a value, a DomainError, or a failure (a bug: 500). */
export type WriterVerdict =
  | { readonly outcome: 'ok'; readonly value: unknown }
  | { readonly outcome: 'rejected'; readonly error: WriterError }
  | { readonly outcome: 'failed'; readonly reason: string };

export type WriterAnswer = AnswerBase & WriterVerdict;

/**
 * How commands travel from replicas to the writer and answers back (BullMQ in
 * automations/src/roles; the CLI wires it). `send` rejects with a DomainError: UNAVAILABLE when
 * the writer cannot be reached, REQUEST_TIME_OUT when it did not answer in time.
 */
export type CommandTransport = {
  send(command: WriterCommand): Promise<WriterAnswer>;
  close(): Promise<void>;
};
