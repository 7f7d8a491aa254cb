import { amuletTemplateIds as ids } from '@pocketnet/splice';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';

/** The two ExternalPartyConfigStates, the one due for replacement first. */
export function configStates(ledger: DsoLedger, micros: (time: unknown) => bigint): DsoContract[] {
  return ledger
    .active(ids.externalPartyConfigState)
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
  context: { now: bigint; open: DsoContract[]; micros: (time: unknown) => bigint },
): Promise<void> {
  const [older, newer] = configStates(ledger, context.micros);
  const [rules] = ledger.active(ids.amuletRules);
  const [round0, round1, round2] = context.open;
  if (!older || !newer || !rules || !round0 || !round1 || !round2) return;
  if (context.micros(older.payload.targetArchiveAfter) > context.now) return;
  await ledger.exercise(
    ids.amuletRules,
    rules.contractId,
    'AmuletRules_UpdateExternalPartyConfigStates',
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
