import { type DomainErrorCode, isDomainError, type LedgerEngine } from '@pocketnet/ledger';
import type {
  ForwardedHttpAnswer,
  ForwardedHttpRequest,
  WriterAnswer,
  WriterCommand,
  WriterVerdict,
} from './writer-command.ts';

export type WriterCommandsDeps = {
  /** The writer's own engine, on the journal it alone appends to. */
  readonly engine: Pick<LedgerEngine, 'submit' | 'submitAsync' | 'submitReassignment'>;
  /** How far the journal is durable now. */
  readonly position: () => number;
  readonly nowMicros: () => bigint;
  /** Runs a forwarded HTTP request through the writer's own API. */
  readonly http: (request: ForwardedHttpRequest) => Promise<ForwardedHttpAnswer>;
};

async function run(deps: WriterCommandsDeps, command: WriterCommand): Promise<unknown> {
  switch (command.kind) {
    case 'submit':
      return deps.engine.submit(command.request);
    case 'submit-async':
      await deps.engine.submitAsync(command.request);
      return null;
    case 'reassign':
      return deps.engine.submitReassignment(command.request);
    case 'http':
      return deps.http(command.request);
  }
}

/**
 * The writer's side of the command transport: runs what a replica asks for and says how far
 * the journal is durable afterwards. A DomainError is an answer like any other; anything else
 * is a bug, reported as a failure.
 */
export function createWriterCommands(deps: WriterCommandsDeps) {
  const answer = (verdict: WriterVerdict) =>
    ({
      ...verdict,
      position: deps.position(),
      nowMicros: deps.nowMicros().toString(),
    }) as WriterAnswer;
  return {
    /** An answer refusing a command unrun (load shedding). */
    refuse: (code: DomainErrorCode, message: string): WriterAnswer =>
      answer({ outcome: 'rejected', error: { code, message, details: {} } }),
    async execute(command: WriterCommand): Promise<WriterAnswer> {
      try {
        return answer({ outcome: 'ok', value: await run(deps, command) });
      } catch (error) {
        if (isDomainError(error)) {
          const { code, message, details } = error;
          return answer({ outcome: 'rejected', error: { code, message, details } });
        }
        return answer({
          outcome: 'failed',
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    },
  };
}

export type WriterCommands = ReturnType<typeof createWriterCommands>;
