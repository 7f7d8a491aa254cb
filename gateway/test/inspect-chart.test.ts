import { pathToFileURL } from 'node:url';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, type MachineDescription } from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';
import { beforeAll, describe, expect, it } from 'vitest';

// The inspector page draws machines with plain browser modules (no build step); their model and
// layout are pure, so they run here on the runtime's real machine descriptions.

type Graph = {
  initial: string | null;
  states: Array<{ id: string; final: boolean }>;
  edges: Array<{ from: string; to: string; labels: string[] }>;
};
type Box = { x: number; y: number; w: number; h: number };
type Layout = {
  width: number;
  height: number;
  nodes: Map<string, Box & { id: string }>;
  edges: Array<{ from: string; to: string; kind: string; d: string; box?: Box }>;
};
type ChartModel = {
  graphOfMachine(description: MachineDescription): Graph;
  graphOfDefinition(definition: unknown): Graph | null;
  graphOfMermaid(text: string): Graph | null;
  eventLabel(eventType: string): string;
};
type ChartLayout = { layoutGraph(graph: Graph): Layout };

const page = pathToFileURL(`${webPages.inspector}/`);
const load = async <T>(name: string) => (await import(new URL(name, page).href)) as T;

const pairs = (graph: Graph | null) =>
  new Set((graph?.edges ?? []).map((edge) => `${edge.from} -> ${edge.to}`));
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('the inspector’s statechart model and layout', () => {
  let descriptions: MachineDescription[];
  let model: ChartModel;
  let layout: ChartLayout;

  beforeAll(async () => {
    model = await load<ChartModel>('chart-model.js');
    layout = await load<ChartLayout>('chart-layout.js');
    const node = await createNode({
      onBackgroundError: (error) => console.error('background work failed', error),
      dataDir: null,
      clock: createSimulatedClock(1_767_225_600_000_000n),
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      ledgerApiVersion: '3.4.12',
    });
    descriptions = node.actors.machines().flatMap((info) => node.actors.machine(info.id) ?? []);
    await node.close();
  });

  it('draws every leaf state of every machine, marks the final ones and starts at the initial one', () => {
    expect(descriptions).toHaveLength(7);
    for (const description of descriptions) {
      const graph = model.graphOfMachine(description);
      const drawn = graph.states.map((state) => state.id);
      const leaves = description.states.filter(
        (state) => !description.states.some((other) => other.startsWith(`${state}.`)),
      );
      expect([description.id, drawn.sort()]).toEqual([description.id, [...leaves].sort()]);
      const finals = graph.states.filter((state) => state.final).map((state) => state.id);
      expect([description.id, finals.sort()]).toEqual([
        description.id,
        [...description.finalStates].sort(),
      ]);
      expect(drawn).toContain(graph.initial);
      for (const edge of graph.edges) {
        expect(drawn).toContain(edge.from);
        expect(drawn).toContain(edge.to);
      }
    }
  });

  it('draws the same transitions as the XState definition says, plus its eventless ones', () => {
    for (const description of descriptions) {
      const drawn = pairs(model.graphOfMachine(description));
      const defined = pairs(model.graphOfDefinition(description.definition));
      expect([description.id, [...defined].filter((pair) => !drawn.has(pair))]).toEqual([
        description.id,
        [],
      ]);
      const eventless = description.transitions.filter((t) => t.kind === 'always').length;
      if (eventless === 0) expect([description.id, drawn]).toEqual([description.id, defined]);
    }
  });

  it('reads a flat machine from its Mermaid diagram as from its definition', () => {
    const purchase = descriptions.find((description) => description.id === 'traffic-purchase');
    const fromMermaid = model.graphOfMermaid(purchase?.mermaid ?? '');
    expect(pairs(fromMermaid)).toEqual(pairs(model.graphOfDefinition(purchase?.definition)));
    expect(fromMermaid?.initial).toBe('created');
    expect(model.eventLabel('xstate.after.3600000.transfer-offer.created')).toBe('after 1h');
    expect(model.eventLabel('xstate.after.expiry.transfer-offer.created')).toBe('after expiry');
  });

  it('lays every machine out without a box on a box or a label on a box, inside its frame', () => {
    for (const description of descriptions) {
      const drawing = layout.layoutGraph(model.graphOfMachine(description));
      const boxes = [...drawing.nodes.values()];
      const labels = drawing.edges.flatMap((edge) => (edge.box ? [edge.box] : []));
      for (const [at, box] of boxes.entries()) {
        for (const other of boxes.slice(at + 1)) {
          expect([description.id, box.id, other.id, overlap(box, other)]).toEqual([
            description.id,
            box.id,
            other.id,
            false,
          ]);
        }
        for (const label of labels)
          expect([description.id, overlap(box, label)]).toEqual([description.id, false]);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.w).toBeLessThanOrEqual(drawing.width);
        expect(box.y + box.h).toBeLessThanOrEqual(drawing.height);
      }
      for (const edge of drawing.edges) expect(edge.d).not.toMatch(/NaN|undefined/);
    }
  });

  it('draws a transfer offer top down: created first, the accepted offer below, the endings last', () => {
    const offer = descriptions.find((description) => description.id === 'transfer-offer');
    const drawing = layout.layoutGraph(model.graphOfMachine(offer as MachineDescription));
    const rowOf = (state: string) => drawing.nodes.get(state)?.y ?? Number.NaN;
    expect(rowOf('open.created')).toBeLessThan(rowOf('open.accepted'));
    for (const ending of ['completed', 'rejected', 'withdrawn', 'expired']) {
      expect([ending, rowOf('open.accepted') < rowOf(ending)]).toEqual([ending, true]);
    }
    expect(drawing.edges.every((edge) => edge.kind === 'down')).toBe(true);
  });
});
