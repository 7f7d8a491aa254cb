import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimulatedClock, saveSections } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { devnetDay } from '../../testing/devnet-day.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import { createNode } from '../node/create-node.ts';
import { harnessConfig } from './sections-harness.ts';
import { sectionsShapeVersion, shapeOf } from './sections-shape.ts';

// A state file of this build is restored only by a node whose sections read it the same way:
// the shapes a devnet day saves are kept here with their version, so a change of shape that
// keeps the version fails (run with UPDATE_SECTIONS_SHAPE=1 after bumping it).

const keptPath = join(import.meta.dirname, 'sections-shape.json');

describe("the state sections' shapes", () => {
  it('are the ones their version names', async () => {
    const { startMicros, ...config } = harnessConfig({ ...defaultDevnetConfig, seed: '0' });
    const node = await createNode({
      ...config,
      dataDir: null,
      clock: createSimulatedClock(startMicros),
    });
    try {
      await devnetDay(node);
      const saved = saveSections(node.undo);
      const shapes = Object.fromEntries(
        Object.entries(saved).map(([name, state]) => [name, shapeOf(state)]),
      );
      const current = { version: sectionsShapeVersion, shapes };
      if (process.env.UPDATE_SECTIONS_SHAPE === '1') {
        writeFileSync(keptPath, `${JSON.stringify(current, null, 1)}\n`);
      }
      const kept = JSON.parse(readFileSync(keptPath, 'utf8')) as typeof current;
      expect(
        kept.version,
        'the shapes were kept for another version: run with UPDATE_SECTIONS_SHAPE=1',
      ).toBe(sectionsShapeVersion);
      expect(
        shapes,
        'a section saves another shape: bump sectionsShapeVersion (sections-shape.ts), then run with UPDATE_SECTIONS_SHAPE=1',
      ).toEqual(kept.shapes);
    } finally {
      await node.close();
    }
  }, 60_000);
});
