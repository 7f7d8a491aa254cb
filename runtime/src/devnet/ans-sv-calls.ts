import {
  type Command,
  type CreatedNode,
  internalSubmission,
  type LedgerEngine,
  parseTime,
  type TransactionRecord,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds, dsoReferences } from '@pocketnet/splice';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { fieldAt } from '../wallet/wallet-submitter.ts';
import type { AppContracts } from '../wallet-apps/app-contracts.projection.ts';
import type { DevnetParties } from './devnet-parties.ts';

const confirmationOf = (record: TransactionRecord): string => {
  const root = record.nodes[record.rootNodeIds[0] ?? 0];
  return root?.kind === 'exercised' ? String(fieldAt(root.exerciseResult, 'confirmation')) : '';
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
  const dsoRules = (): string | null =>
    deps.contracts.of(parties.dso, 'dsoRules')[0]?.node.contractId ?? null;
  const onDsoRules = (choice: string, argument: Value) => {
    const rules = dsoRules();
    if (rules === null) throw new Error('the network has no DsoRules');
    return submit([
      {
        kind: 'exercise',
        templateId: dsoReferences.dsoRules,
        contractId: rules,
        choice,
        choiceArgument: argument,
      },
    ]);
  };
  const roundNumber = (round: CreatedNode) =>
    String(fieldAt(round.createArgument, 'round', 'number'));
  const now = () => core.clock.nowMicros();
  const opened = () =>
    active(amuletTemplateIds.openMiningRound).filter(
      (round) => (parseTime(String(round.createArgument.opensAt)) ?? now() + 1n) <= now(),
    );

  return {
    sv: parties.sv,
    dso: parties.dso,
    onDsoRules,
    /** DsoRules_ConfirmAction then DsoRules_ExecuteConfirmedAction of the same action. */
    async confirmAndExecute(action: Value): Promise<void> {
      const confirmed = await onDsoRules('DsoRules_ConfirmAction', {
        confirmer: parties.sv,
        action,
      });
      await onDsoRules('DsoRules_ExecuteConfirmedAction', {
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
    transferContext(round: string | null): Value | null {
      const [rules] = active(amuletTemplateIds.amuletRules);
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
