import { DomainError, isPartyId } from '@pocketnet/ledger';
import type { UpdateLog } from '../../projections/update-log.projection.ts';
import { historicActiveContracts } from '../../services/historic-acs.ts';
import type { AcsEntry } from './acs-entries.ts';
import { parseScanTime } from './scan-time.ts';
import type { UpdateHistory } from './update-history.ts';

/**
 * The deprecated `/v0/acs/{party}`: the contracts `party` and the DSO are both stakeholders
 * of, at a record time (now by default), each with the transaction that created it.
 */
export function createPartyAcs(deps: {
  readonly history: UpdateHistory;
  readonly updateLog: UpdateLog;
  readonly dsoParty: () => string | null;
}) {
  const endOffsetAt = (recordTime: string | null): number => {
    if (recordTime === null) return deps.updateLog.ledgerEnd();
    const time = parseScanTime(recordTime, 'record_time');
    const migrationId = deps.history.currentMigrationId();
    const count = deps.history.countAtOrBefore(migrationId, time);
    return count === 0
      ? 0
      : (deps.history.slice(migrationId, count - 1, count)[0]?.record.offset ?? 0);
  };
  return (party: string, recordTime: string | null): AcsEntry[] => {
    if (!isPartyId(party)) throw new DomainError('INVALID_ARGUMENT', `Invalid party id: ${party}`);
    const dso = deps.dsoParty();
    const parties = dso === null || dso === party ? [party] : [party, dso];
    return historicActiveContracts(deps.updateLog.range(0, endOffsetAt(recordTime)), [party])
      .filter((entry) =>
        parties.every(
          (p) => entry.node.signatories.includes(p) || entry.node.observers.includes(p),
        ),
      )
      .flatMap((entry) => {
        const record = deps.updateLog.byOffset(entry.offset);
        return record?.type === 'transaction' ? [{ node: entry.node, record }] : [];
      });
  };
}
