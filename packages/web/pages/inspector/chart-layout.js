// Coordinates and curves for a machine's graph (ranks and order from chart-ranks.js): pure
// geometry, no DOM, so that it is the same in the page and in the tests.
import { itemOf, itemsOf, orderedRows } from './chart-ranks.js';

/**
 * @import { Graph, GraphEdge } from './chart-model.js'
 * @import { Chain, RankItem, Sizes } from './chart-ranks.js'
 * @typedef {{ x: number, y: number }} Point
 * @typedef {{ x: number, y: number, w: number, h: number }} Box
 * @typedef {GraphEdge & { kind: 'up' | 'down' | 'loop', d: string, box: Box | undefined }} LaidEdge
 * @typedef {{
 *   id: string, final: boolean, x: number, y: number, w: number, h: number, cx: number, cy: number,
 * }} LaidNode
 */

export const boxHeight = 40;
const margin = 24;
const top = 52;
const rankGap = 12;
const lineHeight = 14;

/** @type {(a: RankItem, b: RankItem) => number} */
const gapBetween = (a, b) =>
  a.kind === 'state' || b.kind === 'state' ? 28 : a.kind === 'pass' && b.kind === 'pass' ? 8 : 14;

/**
 * Puts a row's items as near their wished-for centres as their order and widths allow.
 * @param {readonly string[]} row
 * @param {Map<string, RankItem>} items
 * @param {(item: RankItem) => number} wish
 */
function placeRow(row, items, wish) {
  const list = row.map((id) => itemOf(items, id));
  /** @type {(a: RankItem, b: RankItem) => number} */
  const apart = (a, b) => a.w / 2 + gapBetween(a, b) + b.w / 2;
  /** @type {number[]} */
  const left = [];
  list.forEach((item, at) => {
    const before = list[at - 1];
    left[at] =
      before === undefined
        ? wish(item)
        : Math.max(wish(item), (left[at - 1] ?? 0) + apart(before, item));
  });
  /** @type {number[]} */
  const right = [];
  for (let at = list.length - 1; at >= 0; at -= 1) {
    const item = itemOf(items, row[at]);
    const after = list[at + 1];
    right[at] =
      after === undefined
        ? wish(item)
        : Math.min(wish(item), (right[at + 1] ?? 0) - apart(item, after));
  }
  list.forEach((item, at) => {
    item.x = ((left[at] ?? 0) + (right[at] ?? 0)) / 2;
  });
}

/**
 * @param {string[][]} rows
 * @param {Map<string, RankItem>} items
 * @param {Map<string, string[]>} above
 * @param {Map<string, string[]>} below
 */
function placeColumns(rows, items, above, below) {
  for (const row of rows) {
    let x = 0;
    for (const id of row) {
      const item = itemOf(items, id);
      item.x = x + item.w / 2;
      x += item.w + 28;
    }
  }
  /** @type {(links: Map<string, string[]>) => (item: RankItem) => number} */
  const meanOf = (links) => (item) => {
    const xs = (links.get(item.id) ?? []).map((id) => itemOf(items, id).x);
    return xs.length === 0 ? item.x : xs.reduce((sum, x) => sum + x, 0) / xs.length;
  };
  for (let sweep = 0; sweep < 6; sweep += 1) {
    for (const row of rows.slice(1)) placeRow(row, items, meanOf(above));
    for (const row of rows.slice(0, -1).reverse()) placeRow(row, items, meanOf(below));
  }
  const shift = margin - Math.min(...[...items.values()].map((item) => item.x - item.w / 2));
  for (const item of items.values()) item.x += shift;
}

/**
 * @param {string[][]} rows
 * @param {Map<string, RankItem>} items
 */
function placeRanks(rows, items) {
  let y = top;
  for (const [rank, row] of rows.entries()) {
    const height =
      rank % 2 === 0 ? boxHeight : Math.max(8, ...row.map((id) => itemOf(items, id).h));
    for (const id of row)
      Object.assign(itemOf(items, id), { rankTop: y, rankBottom: y + height, y: y + height / 2 });
    y += height + rankGap;
  }
  return y - rankGap;
}

/**
 * @param {readonly Point[]} points
 */
function pathThrough(points) {
  const [first] = points;
  if (first === undefined) return '';
  let d = `M ${first.x} ${first.y}`;
  for (const [at, b] of points.entries()) {
    const a = points[at - 1];
    if (a === undefined) continue;
    const bend = (b.y - a.y) / 2;
    d +=
      a.x === b.x
        ? ` L ${b.x} ${b.y}`
        : ` C ${a.x} ${a.y + bend}, ${b.x} ${b.y - bend}, ${b.x} ${b.y}`;
  }
  return d;
}

/**
 * Offsets for the ends of the chains that leave (or enter) one state, in the order they go.
 * @param {readonly Chain[]} chains
 * @param {Map<string, RankItem>} items
 * @param {'start' | 'end'} end
 * @returns {Map<Chain, number>}
 */
function spreads(chains, items, end) {
  const offsets = new Map();
  const byState = Map.groupBy(chains, (c) => (end === 'start' ? c.chain[0] : c.chain.at(-1)));
  for (const group of byState.values()) {
    /** @param {Chain} c */
    const neighbour = (c) => itemOf(items, end === 'start' ? c.chain[1] : c.chain.at(-2)).x;
    group.sort((a, b) => neighbour(a) - neighbour(b));
    for (const [at, c] of group.entries()) offsets.set(c, (at - (group.length - 1) / 2) * 8);
  }
  return offsets;
}

/**
 * The edges that run through ranks: downwards, or upwards for a back edge.
 * @param {readonly Chain[]} chains
 * @param {Map<string, RankItem>} items
 * @returns {LaidEdge[]}
 */
function rankedEdges(chains, items) {
  const starts = spreads(chains, items, 'start');
  const ends = spreads(chains, items, 'end');
  return chains.map((c) => {
    const [top, bottom] = [itemOf(items, c.chain[0]), itemOf(items, c.chain.at(-1))];
    const middle = c.chain.slice(1, -1).map((id) => itemOf(items, id));
    const points = [
      { x: top.x + (starts.get(c) ?? 0), y: top.rankBottom },
      ...middle.flatMap((item) => [
        { x: item.x, y: item.rankTop },
        { x: item.x, y: item.rankBottom },
      ]),
      { x: bottom.x + (ends.get(c) ?? 0), y: bottom.rankTop },
    ];
    const label = middle.find((item) => item.kind === 'label');
    const box = label && {
      x: label.x - label.w / 2,
      y: label.y - label.h / 2,
      w: label.w,
      h: label.h,
    };
    const d = pathThrough(c.reversed ? points.reverse() : points);
    /** @type {LaidEdge} */
    const laid = { ...c.edge, kind: c.reversed ? 'up' : 'down', d, box };
    return laid;
  });
}

/**
 * A self-transition: a loop on the right of its state, its label beside it.
 * @param {readonly GraphEdge[]} loops
 * @param {Map<string, RankItem>} items
 * @param {Sizes} sizes
 * @returns {LaidEdge[]}
 */
function loopEdges(loops, items, sizes) {
  return loops.map((edge) => {
    const state = itemOf(items, `s:${edge.from}`);
    const size = sizes.label(edge.labels);
    const right = state.x + state.w / 2;
    const [top, bottom] = [state.y - 7, state.y + 7];
    const x = right + 44;
    const d = `M ${right} ${top} C ${x} ${top - 26}, ${x} ${bottom + 26}, ${right} ${bottom}`;
    const box = { x: right + 37, y: state.y - size.h / 2, w: size.w, h: size.h };
    /** @type {LaidEdge} */
    const laid = { ...edge, kind: 'loop', d, box };
    return laid;
  });
}

/**
 * Boxes and curves for a graph (chart-model.js). `measure(text)` is a state name's width and
 * `measureLabel(text)` an edge label line's, in pixels. Returns the drawing's size, a node per
 * state, and per edge its path and the box its label goes in.
 * @param {Graph} graph
 * @param {(text: string) => number} [measure]
 * @param {(text: string) => number} [measureLabel]
 */
export function layoutGraph(
  graph,
  measure = (t) => t.length * 7.4,
  measureLabel = (t) => t.length * 6.8,
) {
  /** @type {Sizes} */
  const sizes = {
    state: (id) => ({ w: Math.max(104, Math.ceil(measure(id)) + 36), h: boxHeight }),
    label: (labels) => {
      const lines = labels.filter((line) => line.length > 0);
      if (lines.length === 0) return { w: 6, h: 0 };
      return {
        w: Math.ceil(Math.max(...lines.map(measureLabel))) + 12,
        h: lines.length * lineHeight + 6,
      };
    },
  };
  const { items, chains, loops } = itemsOf(graph, sizes);
  const { rows, above, below } = orderedRows(items, chains);
  placeColumns(rows, items, above, below);
  const bottom = placeRanks(rows, items);
  const edges = [...rankedEdges(chains, items), ...loopEdges(loops, items, sizes)];
  /** @type {Map<string, LaidNode>} */
  const nodes = new Map();
  for (const item of items.values()) {
    if (item.state === undefined) continue;
    const { id, final } = item.state;
    nodes.set(id, {
      id,
      final,
      x: item.x - item.w / 2,
      y: item.rankTop,
      w: item.w,
      h: boxHeight,
      cx: item.x,
      cy: item.y,
    });
  }
  const start = graph.initial === null ? undefined : nodes.get(graph.initial);
  const extents = [...nodes.values()]
    .map((n) => n.x + n.w)
    .concat(edges.map((e) => (e.box ? e.box.x + e.box.w : 0)));
  return {
    width: Math.max(...extents, 0) + margin,
    height: bottom + margin,
    nodes,
    edges,
    initial: start ? { x: start.cx, y: start.y - 28, toY: start.y } : null,
  };
}
