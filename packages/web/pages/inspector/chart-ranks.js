// Ranking and ordering for the layered chart (the Sugiyama method, as dagre does it): states sit
// on even ranks by their longest path from the initial state; each forward edge gets a label
// item on the rank below its source and a thin pass-through item on every rank it crosses.

/** @import { Graph, GraphEdge, GraphState } from './chart-model.js' */

/**
 * An item of a rank: a state's box, an edge's label, or a thin pass-through. chart-layout.js
 * places it: its centre (x, y) and its rank's top and bottom.
 * @typedef {{
 *   id: string,
 *   kind: 'state' | 'label' | 'pass',
 *   rank: number,
 *   w: number,
 *   h: number,
 *   state?: GraphState,
 *   x: number,
 *   y: number,
 *   rankTop: number,
 *   rankBottom: number,
 * }} RankItem
 * @typedef {{ edge: GraphEdge, chain: string[], reversed: boolean }} Chain
 * @typedef {{ w: number, h: number }} Size
 * @typedef {{ state: (id: string) => Size, label: (labels: readonly string[]) => Size }} Sizes
 */

/**
 * The item `id` of `items`; every id a chain or a row names is one of them.
 * @param {Map<string, RankItem>} items
 * @param {string | undefined} id
 */
export function itemOf(items, id) {
  const item = id === undefined ? undefined : items.get(id);
  if (item === undefined) throw new Error(`the chart has no item ${id}`);
  return item;
}

/**
 * Edges that close a cycle (found depth-first from the initial state) and self-loops.
 * @param {Graph} graph
 * @returns {Set<GraphEdge>}
 */
export function backEdgesOf(graph) {
  /** @type {Map<string, 'open' | 'done'>} */
  const state = new Map();
  /** @type {Set<GraphEdge>} */
  const back = new Set();
  /** @param {string} id */
  const visit = (id) => {
    state.set(id, 'open');
    for (const edge of graph.edges) {
      if (edge.from !== id) continue;
      const seen = state.get(edge.to);
      if (seen === 'open') back.add(edge);
      else if (seen === undefined) visit(edge.to);
    }
    state.set(id, 'done');
  };
  const first = graph.states.find((s) => s.id === graph.initial);
  for (const s of first ? [first, ...graph.states] : graph.states) {
    if (!state.has(s.id)) visit(s.id);
  }
  return back;
}

/**
 * A state's layer: the longest path to it over the edges that are not back edges.
 * @param {Graph} graph
 * @param {Set<GraphEdge>} back
 */
export function layersOf(graph, back) {
  const forward = graph.edges.filter((edge) => !back.has(edge));
  const layer = new Map(graph.states.map((s) => [s.id, 0]));
  // Longest paths in a DAG: relax every edge as often as there are states.
  for (let round = 0; round < graph.states.length; round += 1) {
    let changed = false;
    for (const edge of forward) {
      const next = (layer.get(edge.from) ?? 0) + 1;
      if (next > (layer.get(edge.to) ?? 0)) {
        layer.set(edge.to, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { layer, forward };
}

/**
 * Items per rank: states, label items and pass-through items; for each edge (a back edge
 * reversed) the chain of items it runs through, top to bottom; and the self-loops.
 * @param {Graph} graph
 * @param {Sizes} sizes
 */
export function itemsOf(graph, sizes) {
  const back = backEdgesOf(graph);
  const { layer, forward } = layersOf(graph, back);
  /** @type {Map<string, RankItem>} */
  const items = new Map();
  const unplaced = { x: 0, y: 0, rankTop: 0, rankBottom: 0 };
  /** @param {Omit<RankItem, 'x' | 'y' | 'rankTop' | 'rankBottom'>} item */
  const add = (item) => items.set(item.id, { ...item, ...unplaced });
  /** @param {string} id */
  const rankOf = (id) => 2 * (layer.get(id) ?? 0);
  for (const s of graph.states)
    add({
      id: `s:${s.id}`,
      kind: 'state',
      rank: rankOf(s.id),
      ...sizes.state(s.id),
      state: s,
    });
  // A back edge runs the other way through the same ranks: drawn upwards, it crosses no box.
  const upward = [...back].filter((edge) => edge.from !== edge.to);
  const runs = [
    ...forward.map((edge) => ({ edge, top: edge.from, bottom: edge.to, reversed: false })),
    ...upward.map((edge) => ({ edge, top: edge.to, bottom: edge.from, reversed: true })),
  ];
  const chains = runs.map(({ edge, top, bottom, reversed }, index) => {
    const from = rankOf(top);
    const to = rankOf(bottom);
    const chain = [`s:${top}`];
    for (let rank = from + 1; rank < to; rank += 1) {
      const id = `e${index}:${rank}`;
      add(
        rank === from + 1
          ? { id, kind: 'label', rank, ...sizes.label(edge.labels) }
          : { id, kind: 'pass', rank, w: 6, h: 0 },
      );
      chain.push(id);
    }
    chain.push(`s:${bottom}`);
    return { edge, chain, reversed };
  });
  const loops = [...back].filter((edge) => edge.from === edge.to);
  return { items, chains, loops };
}

/**
 * @param {readonly Chain[]} chains
 */
function neighbours(chains) {
  /** @type {Map<string, string[]>} */
  const above = new Map();
  /** @type {Map<string, string[]>} */
  const below = new Map();
  /** @type {(map: Map<string, string[]>, a: string, b: string) => void} */
  const link = (map, a, b) => {
    const list = map.get(a);
    if (list) list.push(b);
    else map.set(a, [b]);
  };
  for (const { chain } of chains) {
    for (const [at, id] of chain.entries()) {
      const previous = chain[at - 1];
      if (previous === undefined) continue;
      link(above, id, previous);
      link(below, previous, id);
    }
  }
  return { above, below };
}

/**
 * Rows of item ids by rank, ordered by a few barycenter sweeps down and up.
 * @param {Map<string, RankItem>} items
 * @param {readonly Chain[]} chains
 */
export function orderedRows(items, chains) {
  const ranks = Math.max(-1, ...[...items.values()].map((item) => item.rank)) + 1;
  const filled = Array.from({ length: ranks }, () => /** @type {string[]} */ ([]));
  for (const item of items.values()) filled[item.rank]?.push(item.id);
  const { above, below } = neighbours(chains);
  /** @type {Map<string, number>} */
  const position = new Map();
  /** @param {string[]} row */
  const remember = (row) => {
    for (const [at, id] of row.entries()) position.set(id, at);
  };
  for (const row of filled) remember(row);
  /** @type {(row: string[] | undefined, links: Map<string, string[]>) => void} */
  const sortBy = (row, links) => {
    if (row === undefined) return;
    /** @param {string} id */
    const at = (id) => position.get(id) ?? 0;
    /** @param {string} id */
    const weight = (id) => {
      const linked = (links.get(id) ?? []).filter((other) => position.has(other));
      if (linked.length === 0) return at(id);
      return linked.reduce((sum, other) => sum + at(other), 0) / linked.length;
    };
    const weights = new Map(row.map((id) => [id, weight(id)]));
    row.sort((a, b) => (weights.get(a) ?? 0) - (weights.get(b) ?? 0));
    remember(row);
  };
  for (let sweep = 0; sweep < 4; sweep += 1) {
    for (let rank = 1; rank < filled.length; rank += 1) sortBy(filled[rank], above);
    for (let rank = filled.length - 2; rank >= 0; rank -= 1) sortBy(filled[rank], below);
  }
  return { rows: filled, above, below };
}
