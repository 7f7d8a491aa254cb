import {
  applyValue,
  evaluate,
  FuelExhausted,
  fromLedgerValue,
  type LfValue,
  type Type,
  toLedgerValue,
  UnhandledException,
} from '@pocketnet/daml-lf';
import type { Value } from '@pocketnet/ledger';
import { packageAnswers } from './answer-packages.ts';
import { partyAndTimeAnswers } from './answer-parties-time.ts';
import { queryAnswers } from './answer-queries.ts';
import { submitAnswers } from './answer-submit.ts';
import { userAnswers } from './answer-users.ts';
import type { AnswerContext, Answers } from './answers.ts';
import { left, right, scriptTypes, tuple } from './script-commands.ts';
import { FailedCommand, locationOf, type Question, ScriptFailure } from './script-failure.ts';
import type { ScriptLedger } from './script-ledger.ts';
import type { ScriptPackages } from './script-packages.ts';
import { createScriptParticipants } from './script-participants.ts';
import { field, fieldsOf, text, unitValue, variantOf } from './script-values.ts';

type Current = { question: Question | null };

/**
 * Runs Daml Scripts of a DAR's packages against a ledger, as Daml's script runner does: the
 * default participant's, and others by name for `allocatePartyOn` and the `…On` commands.
 */
export function createScriptRunner(
  packages: ScriptPackages,
  ledger: ScriptLedger,
  participantsByName: ReadonlyMap<string, ScriptLedger> = new Map(),
  /** Parties known before the script runs, and their participant's name. */
  partyParticipants: ReadonlyMap<string, string> = new Map(),
) {
  const types = scriptTypes(packages);
  const { evaluator } = packages;
  const participants = createScriptParticipants(ledger, participantsByName);
  for (const [party, name] of partyParticipants) participants.allocated(party, name);
  const context: AnswerContext = { packages, types, ledger, participants };
  const answers: Answers = {
    ...submitAnswers(context),
    ...packageAnswers(context),
    ...queryAnswers(context),
    ...partyAndTimeAnswers(context),
    ...userAnswers(context),
  };
  let exceptionMessage: LfValue | null = null;

  const messageOf = (exception: LfValue): string => {
    exceptionMessage ??= evaluate(evaluator, { tag: 'builtin', builtin: 'ANY_EXCEPTION_MESSAGE' });
    const message = applyValue(evaluator, exceptionMessage, [exception]);
    return typeof message === 'string' ? message : 'an exception';
  };

  const exceptionName = (exception: LfValue): string => {
    if (typeof exception !== 'object' || exception.tag !== 'AnyException') return 'exception';
    const { type } = exception;
    return type.tag === 'Con' ? type.tycon.slice(type.tycon.indexOf(':') + 1) : 'exception';
  };

  /** Steps the free monad until `Pure`, answering every question on the way. */
  async function runFree(start: LfValue, current: Current): Promise<LfValue> {
    let free = start;
    for (;;) {
      const step = variantOf(free, 'a Free script step');
      // `Pure (a, ())`: the state monad's unit rides along.
      if (step.constructor === 'Pure') return field(step.value, 0, 'the script result');
      const scriptF = field(step.value, 0, 'ScriptF');
      const [name, , payload, locations, continuation] = fieldsOf(scriptF, 'a Question');
      const question: Question = {
        name: text(name as LfValue, 'a command name'),
        payload: payload as LfValue,
        locations: locations as LfValue,
        continuation: continuation as LfValue,
      };
      current.question = question;
      const answer = await answerQuestion(question, current);
      free = applyValue(evaluator, question.continuation, [answer]);
    }
  }

  /** A sub-script (`act : () -> …` or the script itself) run to its result. */
  const runAct = (act: LfValue, current: Current) => {
    const free =
      typeof act === 'object' && act.tag === 'Function'
        ? applyValue(evaluator, act, [unitValue])
        : act;
    return runFree(free, current);
  };

  async function answerQuestion(question: Question, current: Current): Promise<LfValue> {
    const act = () => field(question.payload, 0, question.name);
    switch (question.name) {
      case 'Throw':
        throw new UnhandledException(act() as never);
      // A Daml exception thrown in the script (not in a submission) is caught here.
      case 'Catch':
        try {
          return right(types, await runAct(act(), current));
        } catch (error) {
          if (error instanceof UnhandledException) return left(types, error.exception);
          throw error;
        }
      // A failed command (a refused submit) as a value: (command, error class, message).
      case 'TryCommands':
        try {
          return right(types, await runAct(act(), current));
        } catch (error) {
          if (!(error instanceof FailedCommand)) throw error;
          return left(types, tuple(types, [error.command, error.errorClass, error.message]));
        }
    }
    const answer = answers[question.name];
    if (answer === undefined) {
      throw new ScriptFailure(
        `the script command ${question.name} is not supported by this runner`,
        question.name,
        locationOf(question.locations),
      );
    }
    return answer(question.payload);
  }

  const failureOf = (error: unknown, current: Current): ScriptFailure => {
    if (error instanceof ScriptFailure) return error;
    const command = current.question?.name ?? null;
    const where = current.question ? locationOf(current.question.locations) : null;
    if (error instanceof UnhandledException) {
      const { exception } = error;
      const message = `Unhandled Daml exception: ${exceptionName(exception)}: ${messageOf(exception)}`;
      return new ScriptFailure(message, command, where);
    }
    if (error instanceof FailedCommand) {
      const message = `Script execution failed on command ${error.command}: ${error.errorClass}: ${error.message}`;
      return new ScriptFailure(message, error.command, where);
    }
    if (error instanceof FuelExhausted) {
      return new ScriptFailure(`Evaluation stopped: ${error.message}`, command, where);
    }
    const message = error instanceof Error ? error.message : String(error);
    return new ScriptFailure(message, command, where, { cause: error });
  };

  /** Runs a top-level script value `Module:name` of the main package, with its argument if any. */
  async function run(module: string, name: string, argument?: LfValue): Promise<LfValue> {
    const current: Current = { question: null };
    try {
      let script = evaluate(evaluator, {
        tag: 'val',
        value: { packageId: packages.mainPackageId, module, name },
      });
      if (argument !== undefined) script = applyValue(evaluator, script, [argument]);
      return await runAct(field(script, 0, 'Script'), current);
    } catch (error) {
      throw failureOf(error, current);
    }
  }

  /**
   * As `dpm script --input-file/--output-file`: the argument and the result in the Ledger API's
   * JSON encoding of their Daml types.
   */
  async function runJson(module: string, name: string, input: Value | undefined): Promise<Value> {
    const { argument, result } = scriptSignature(packages, module, name);
    if ((argument === null) !== (input === undefined)) {
      const needs = argument === null ? 'takes no argument' : 'takes an argument (--input-file)';
      throw new ScriptFailure(`${module}:${name} ${needs}`, null, null);
    }
    const value =
      argument === null || input === undefined
        ? undefined
        : fromLedgerValue(packages.valueTypes.valueType(argument), input);
    const output = await run(module, name, value);
    return toLedgerValue(packages.valueTypes.valueType(result), output);
  }

  return { run, runJson };
}

/** A script's argument type (null when it takes none) and result type, from its LF type. */
export function scriptSignature(
  packages: ScriptPackages,
  module: string,
  name: string,
): { argument: Type | null; result: Type } {
  const definition = packages.packages
    .get(packages.mainPackageId)
    ?.modules.get(module)
    ?.values.get(name);
  if (definition === undefined)
    throw new ScriptFailure(`no script ${module}:${name} in the DAR`, null, null);
  const { type } = definition;
  const scriptOf = (candidate: Type): Type | null =>
    candidate.tag === 'con' && candidate.tycon.name === 'Script'
      ? (candidate.args[0] ?? null)
      : null;
  const direct = scriptOf(type);
  if (direct !== null) return { argument: null, result: direct };
  if (type.tag === 'builtin' && type.builtin === 'ARROW' && type.args.length === 2) {
    const result = scriptOf(type.args[1] as Type);
    if (result !== null) return { argument: type.args[0] as Type, result };
  }
  throw new ScriptFailure(`${module}:${name} is not a Daml Script`, null, null);
}

export type ScriptRunner = ReturnType<typeof createScriptRunner>;
