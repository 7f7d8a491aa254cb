// Ranking and ordering for the layered chart (the Sugiyama method, as dagre does it): states sit
// on even ranks by their longest path from the initial state; each forward edge gets a label
// item on the rank below its source and a thin pass-through item on every rank it crosses.

/** Edges that close a cycle (found depth-first from the initial state) and self-loops. */
export function backEdgesOf(graph) {
  const state = new Map();
  const back = new Set();
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

/** A state's layer: the longest path to it over the edges that are not back edges. */
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
 */
export function itemsOf(graph, sizes) {
  const back = backEdgesOf(graph);
  const { layer, forward } = layersOf(graph, back);
  const items = new Map();
  const add = (item) => items.set(item.id, item);
  for (const s of graph.states)
    add({
      id: `s:${s.id}`,
      kind: 'state',
      rank: 2 * layer.get(s.id),
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
    const from = 2 * layer.get(top);
    const to = 2 * layer.get(bottom);
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

function neighbours(chains) {
  const above = new Map();
  const below = new Map();
  const link = (map, a, b) => (map.get(a) ?? map.set(a, []).get(a)).push(b);
  for (const { chain } of chains) {
    for (let at = 1; at < chain.length; at += 1) {
      link(above, chain[at], chain[at - 1]);
      link(below, chain[at - 1], chain[at]);
    }
  }
  return { above, below };
}

/** Rows of item ids by rank, ordered by a few barycenter sweeps down and up. */
export function orderedRows(items, chains) {
  const ranks = Math.max(-1, ...[...items.values()].map((item) => item.rank)) + 1;
  const filled = Array.from({ length: ranks }, () => /** @type {string[]} */ ([]));
  for (const item of items.values()) filled[item.rank]?.push(item.id);
  const { above, below } = neighbours(chains);
  const position = new Map();
  const remember = (row) => {
    for (const [at, id] of row.entries()) position.set(id, at);
  };
  for (const row of filled) remember(row);
  const sortBy = (row, links) => {
    const weight = (id) => {
      const linked = (links.get(id) ?? []).filter((other) => position.has(other));
      if (linked.length === 0) return position.get(id);
      return linked.reduce((sum, other) => sum + position.get(other), 0) / linked.length;
    };
    const weights = new Map(row.map((id) => [id, weight(id)]));
    row.sort((a, b) => weights.get(a) - weights.get(b));
    remember(row);
  };
  for (let sweep = 0; sweep < 4; sweep += 1) {
    for (let rank = 1; rank < filled.length; rank += 1) sortBy(filled[rank], above);
    for (let rank = filled.length - 2; rank >= 0; rank -= 1) sortBy(filled[rank], below);
  }
  return { rows: filled, above, below };
}
