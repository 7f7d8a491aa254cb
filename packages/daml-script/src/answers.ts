import type { LfValue } from '@pocketnet/daml-lf';
import type { ScriptTypes } from './script-commands.ts';
import type { ScriptLedger } from './script-ledger.ts';
import type { ScriptPackages } from './script-packages.ts';
import type { ScriptParticipants } from './script-participants.ts';

/** How the runner answers one kind of question: from its payload to the continuation's input. */
export type Answer = (payload: LfValue) => Promise<LfValue>;
export type Answers = Readonly<Record<string, Answer>>;

export type AnswerContext = {
  readonly packages: ScriptPackages;
  readonly types: ScriptTypes;
  /** The default participant's ledger. */
  readonly ledger: ScriptLedger;
  readonly participants: ScriptParticipants;
};
