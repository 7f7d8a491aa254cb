import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { acsKeyOf } from './acs-entries.ts';
import type { AcsSnapshot } from './acs-snapshots.ts';
import { restoredSnapshots, saveSnapshots } from './acs-snapshots-section.ts';

const keysArbitrary = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 6 })), {
    maxLength: 40,
    selector: ([offset, nodeId]) => `${offset}:${nodeId}`,
  })
  .map((pairs) =>
    Float64Array.from(pairs.map(([offset, nodeId]) => acsKeyOf(offset, nodeId))).sort(),
  );

describe("the ACS snapshots' section", () => {
  test.prop([fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), keysArbitrary), { maxLength: 12 })])(
    'restores every snapshot with its keys, and saves again what it restored',
    (taken) => {
      let time = 1_000;
      const snapshots: AcsSnapshot[] = taken.map(([migrationId, keys]) => {
        time += 60;
        return { migrationId, recordTimeMicros: time, keys };
      });
      const saved = JSON.parse(JSON.stringify(saveSnapshots(snapshots, time + 60)));
      const restored = [...restoredSnapshots(saved).values()].flat();
      const byTime = (list: AcsSnapshot[]) =>
        list
          .map((snapshot) => ({ ...snapshot, keys: [...snapshot.keys] }))
          .sort((a, b) => a.recordTimeMicros - b.recordTimeMicros);
      expect(byTime(restored)).toEqual(byTime(snapshots));
      expect(
        saveSnapshots(
          restored.sort((a, b) => a.recordTimeMicros - b.recordTimeMicros),
          time + 60,
        ),
      ).toEqual(saved);
    },
  );
});
