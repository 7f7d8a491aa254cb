import type { JournalRecord, UndoLog } from '@pocketnet/ledger';
import { spliceVocabulary } from '@pocketnet/splice';
import type { Observable } from 'rxjs';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { AutomationIndex } from './automation-index.ts';

const memberTrafficTemplate =
  spliceVocabulary.spliceAmulet['Splice.DecentralizedSynchronizer'].MemberTraffic;

/**
 * The traffic a transaction costs this participant, estimated from its shape: a fixed part
 * for the confirmation round trip and a part per event, in bytes. (Canton charges the size of
 * the messages a submission sends; pocketnet has no sequencer, so it estimates.)
 */
export const trafficModel = { perTransactionBytes: 5_000n, perEventBytes: 1_000n } as const;

export type TrafficStatus = {
  /** Extra traffic bought for this participant (the sum of its MemberTraffic contracts). */
  readonly purchased: bigint;
  readonly consumed: bigint;
  /** What is left of the extra traffic: purchased − consumed (negative when overdrawn). */
  readonly remaining: bigint;
};

/** Counts the traffic of every transaction this participant commits, from the first record. */
export function createTrafficMeter(deps: {
  readonly records$: Observable<JournalRecord>;
  readonly index: AutomationIndex;
  readonly memberId: string;
  readonly synchronizerId: string;
  readonly undo: UndoLog;
}) {
  const meter = { consumed: 0n };
  deps.undo.section<string>(`automation.traffic-meter.${deps.memberId}`, {
    save: () => meter.consumed.toString(),
    restore(saved) {
      meter.consumed = BigInt(saved);
    },
  });
  const subscription = deps.records$.subscribe((record) => {
    if (record.type !== 'transaction') return;
    const cost =
      trafficModel.perTransactionBytes + trafficModel.perEventBytes * BigInt(record.nodes.length);
    deps.undo.assign(meter, 'consumed', meter.consumed + cost);
  });
  return {
    status(): TrafficStatus {
      const purchased = deps.index
        .active('memberTraffic')
        .map((traffic) => payloadOf(memberTrafficTemplate, traffic.createArgument))
        .filter(
          (traffic) =>
            traffic.memberId === deps.memberId && traffic.synchronizerId === deps.synchronizerId,
        )
        .reduce((sum, traffic) => sum + BigInt(traffic.totalPurchased), 0n);
      const { consumed } = meter;
      return { purchased, consumed, remaining: purchased - consumed };
    },
    close: () => subscription.unsubscribe(),
  };
}

export type TrafficMeter = ReturnType<typeof createTrafficMeter>;
