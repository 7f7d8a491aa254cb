import { DomainError, isDomainError, type LedgerEngine } from '@pocketnet/ledger';
import type { DomainErrorCode } from '@pocketnet/schema';
import type { PlanCommits } from './plan-commits.ts';
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
  /**
   * The last record the engine applied, durable or not (journal-tracking.ts): what a refusal
   * is answered with. The durable position when absent.
   */
  readonly appliedPosition?: () => number;
  /** Commits participant changes replicas planned; without, they are refused (UNAVAILABLE). */
  readonly plans?: PlanCommits;
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
    case 'plan':
      if (deps.plans === undefined) {
        throw new DomainError('UNAVAILABLE', 'This writer takes no changes planned by replicas');
      }
      return deps.plans(command.planned);
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
  const answer = (verdict: WriterVerdict, position = deps.position()) =>
    ({ ...verdict, position, nowMicros: deps.nowMicros().toString() }) as WriterAnswer;
  const appliedPosition = deps.appliedPosition ?? deps.position;
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
          return answer(
            { outcome: 'rejected', error: { code, message, details } },
            appliedPosition(),
          );
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
