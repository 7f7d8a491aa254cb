import {
  type Command,
  type CreatedNode,
  internalSubmission,
  type LedgerEngine,
  parseTime,
  type TransactionRecord,
} from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import {
  amuletRulesTemplate,
  dsoRulesTemplate,
  roundTemplates,
} from '../vocabulary/splice-templates.ts';
import type { AppTransferContext } from '../vocabulary/splice-types.ts';
import {
  type ArgumentFields,
  type ArgumentValue,
  exerciseOf,
  payloadOf,
  resultOf,
} from '../vocabulary/typed-commands.ts';
import type { AppContracts } from '../wallet-apps/app-contracts.projection.ts';
import type { DevnetParties } from './devnet-parties.ts';

type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
/** An action of DsoRules that needs the SVs' confirmation. */
export type ConfirmedAction =
  ArgumentValue<spliceVocabulary.splice_dso_governance.Splice.DsoRules.ActionRequiringConfirmation>;
const dsoRulesChoices = dsoRulesTemplate.choices;

const confirmationOf = (record: TransactionRecord): string => {
  const root = record.nodes[record.rootNodeIds[0] ?? 0];
  return root?.kind === 'exercised'
    ? resultOf(dsoRulesChoices.DsoRules_ConfirmAction, root.exerciseResult).confirmation
    : '';
};

/**
 * How the SV's name-service automation acts: on DsoRules as the SV (reading as the DSO), an
 * action needing confirmation confirmed then executed (one SV is the whole quorum here), and
 * the reads it acts on: the rules, AmuletRules and the open rounds.
 */
export function createAnsSvCalls(deps: {
  readonly core: PocketnetNodeCore;
  readonly engine: LedgerEngine;
  readonly contracts: AppContracts;
  readonly parties: DevnetParties;
}) {
  const { core, parties } = deps;
  // Goes back with a rollback, so that the commands after it get the same ids.
  const issued = { count: 0 };
  const submit = (commands: readonly Command[]) => {
    const counter = issued.count + 1;
    core.undo.assign(issued, 'count', counter);
    return deps.engine.submit(
      internalSubmission({
        commands,
        userId: 'pocketnet-dso-automation',
        commandId: `ans-automation-${core.clock.nowMicros()}-${counter}`,
        actAs: [parties.sv],
        readAs: [parties.dso],
        workflowId: 'ans-automation',
      }),
    );
  };
  const active = (reference: string): CreatedNode[] =>
    core.watched.active(core.packages.resolveTemplate(reference).templateId);
  const openRoundOf = (round: CreatedNode) =>
    payloadOf(roundTemplates.OpenMiningRound, round.createArgument);
  const dsoRules = (): string | null =>
    deps.contracts.of(parties.dso, 'dsoRules')[0]?.node.contractId ?? null;
  const onDsoRules = <A, R>(choice: ChoiceRef<A, R>, argument: ArgumentFields<A>) => {
    const rules = dsoRules();
    if (rules === null) throw new Error('the network has no DsoRules');
    return submit([exerciseOf(dsoRulesTemplate, rules, choice, argument)]);
  };
  const roundNumber = (round: CreatedNode) => openRoundOf(round).round.number;
  const now = () => core.clock.nowMicros();
  const opened = () =>
    active(roundTemplates.OpenMiningRound.templateId).filter(
      (round) => (parseTime(openRoundOf(round).opensAt) ?? now() + 1n) <= now(),
    );

  return {
    sv: parties.sv,
    dso: parties.dso,
    onDsoRules,
    dsoRulesChoices,
    /** DsoRules_ConfirmAction then DsoRules_ExecuteConfirmedAction of the same action. */
    async confirmAndExecute(action: ConfirmedAction): Promise<void> {
      const confirmed = await onDsoRules(dsoRulesChoices.DsoRules_ConfirmAction, {
        confirmer: parties.sv,
        action,
      });
      await onDsoRules(dsoRulesChoices.DsoRules_ExecuteConfirmedAction, {
        action,
        amuletRulesCid: null,
        confirmationCids: [confirmationOf(confirmed)],
        sv: parties.sv,
      });
    },
    /**
     * An AppTransferContext on the open round numbered `round` (a locked payment is collected
     * in the round it was made in), or on the latest open round; null when there is none.
     */
    transferContext(round: string | null): AppTransferContext | null {
      const [rules] = active(amuletRulesTemplate.templateId);
      const rounds = opened().sort((a, b) => Number(roundNumber(a)) - Number(roundNumber(b)));
      const chosen = round === null ? rounds.at(-1) : rounds.find((r) => roundNumber(r) === round);
      if (!rules || !chosen) return null;
      return {
        amuletRules: rules.contractId,
        openMiningRound: chosen.contractId,
        featuredAppRight: null,
      };
    },
  };
}

export type AnsSvCalls = ReturnType<typeof createAnsSvCalls>;
