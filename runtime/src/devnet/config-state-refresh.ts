import type { spliceVocabulary } from '@pocketnet/splice';
import {
  amuletRulesChoices,
  amuletRulesTemplate,
  externalPartyConfigStateTemplate,
} from '../vocabulary/splice-templates.ts';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';

type ConfigState =
  spliceVocabulary.splice_amulet.Splice.ExternalPartyConfigState.ExternalPartyConfigState;
type OpenRound = spliceVocabulary.splice_amulet.Splice.Round.OpenMiningRound;

/** The two ExternalPartyConfigStates, the one due for replacement first. */
export function configStates(
  ledger: DsoLedger,
  micros: (time: string) => bigint,
): DsoContract<ConfigState>[] {
  return ledger
    .active(externalPartyConfigStateTemplate)
    .sort((a, b) =>
      Number(micros(a.payload.targetArchiveAfter) - micros(b.payload.targetArchiveAfter)),
    );
}

/**
 * Replaces the older ExternalPartyConfigState once it is due, with one priced and dated by the
 * current open rounds: external parties' one-step transfers read their round and price there,
 * so a stale state would date new holdings in round 0 forever.
 */
export async function refreshConfigStates(
  ledger: DsoLedger,
  context: { now: bigint; open: DsoContract<OpenRound>[]; micros: (time: string) => bigint },
): Promise<void> {
  const [older, newer] = configStates(ledger, context.micros);
  const [rules] = ledger.active(amuletRulesTemplate);
  const [round0, round1, round2] = context.open;
  if (!older || !newer || !rules || !round0 || !round1 || !round2) return;
  if (context.micros(older.payload.targetArchiveAfter) > context.now) return;
  await ledger.exercise(
    amuletRulesTemplate,
    rules.contractId,
    amuletRulesChoices.AmuletRules_UpdateExternalPartyConfigStates,
    {
      externalPartyConfigStateCid0: older.contractId,
      externalPartyConfigStateCid1: newer.contractId,
      openMiningRoundTriple: {
        round0Cid: round0.contractId,
        round1Cid: round1.contractId,
        round2Cid: round2.contractId,
      },
    },
  );
}
