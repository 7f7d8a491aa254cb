// Coordinates and curves for a machine's graph (ranks and order from chart-ranks.js): pure
// geometry, no DOM, so that it is the same in the page and in the tests.
import { itemsOf, orderedRows } from './chart-ranks.js';

export const boxHeight = 40;
const margin = 24;
const top = 52;
const rankGap = 12;
const lineHeight = 14;

const gapBetween = (a, b) =>
  a.kind === 'state' || b.kind === 'state' ? 28 : a.kind === 'pass' && b.kind === 'pass' ? 8 : 14;

/** Puts a row's items as near their wished-for centres as their order and widths allow. */
function placeRow(row, items, wish) {
  const list = row.map((id) => items.get(id));
  const apart = (a, b) => a.w / 2 + gapBetween(a, b) + b.w / 2;
  const left = [];
  list.forEach((item, at) => {
    left[at] =
      at === 0 ? wish(item) : Math.max(wish(item), left[at - 1] + apart(list[at - 1], item));
  });
  const right = [];
  for (let at = list.length - 1; at >= 0; at -= 1) {
    const item = list[at];
    right[at] =
      at === list.length - 1
        ? wish(item)
        : Math.min(wish(item), right[at + 1] - apart(item, list[at + 1]));
  }
  list.forEach((item, at) => {
    item.x = (left[at] + right[at]) / 2;
  });
}

function placeColumns(rows, items, above, below) {
  for (const row of rows) {
    let x = 0;
    for (const id of row) {
      const item = items.get(id);
      item.x = x + item.w / 2;
      x += item.w + 28;
    }
  }
  const meanOf = (links) => (item) => {
    const xs = (links.get(item.id) ?? []).map((id) => items.get(id).x);
    return xs.length === 0 ? item.x : xs.reduce((sum, x) => sum + x, 0) / xs.length;
  };
  for (let sweep = 0; sweep < 6; sweep += 1) {
    for (const row of rows.slice(1)) placeRow(row, items, meanOf(above));
    for (const row of rows.slice(0, -1).reverse()) placeRow(row, items, meanOf(below));
  }
  const shift = margin - Math.min(...[...items.values()].map((item) => item.x - item.w / 2));
  for (const item of items.values()) item.x += shift;
}

function placeRanks(rows, items) {
  let y = top;
  for (const [rank, row] of rows.entries()) {
    const height = rank % 2 === 0 ? boxHeight : Math.max(8, ...row.map((id) => items.get(id).h));
    for (const id of row)
      Object.assign(items.get(id), { rankTop: y, rankBottom: y + height, y: y + height / 2 });
    y += height + rankGap;
  }
  return y - rankGap;
}

function pathThrough(points) {
  let d = `M ${points[0].x} ${points[0].y}`;
  for (let at = 1; at < points.length; at += 1) {
    const [a, b] = [points[at - 1], points[at]];
    const bend = (b.y - a.y) / 2;
    d +=
      a.x === b.x
        ? ` L ${b.x} ${b.y}`
        : ` C ${a.x} ${a.y + bend}, ${b.x} ${b.y - bend}, ${b.x} ${b.y}`;
  }
  return d;
}

/** Offsets for the ends of the chains that leave (or enter) one state, in the order they go. */
function spreads(chains, items, end) {
  const offsets = new Map();
  const byState = Map.groupBy(chains, (c) => (end === 'start' ? c.chain[0] : c.chain.at(-1)));
  for (const group of byState.values()) {
    const neighbour = (c) => items.get(end === 'start' ? c.chain[1] : c.chain.at(-2)).x;
    group.sort((a, b) => neighbour(a) - neighbour(b));
    for (const [at, c] of group.entries()) offsets.set(c, (at - (group.length - 1) / 2) * 8);
  }
  return offsets;
}

/** The edges that run through ranks: downwards, or upwards for a back edge. */
function rankedEdges(chains, items) {
  const starts = spreads(chains, items, 'start');
  const ends = spreads(chains, items, 'end');
  return chains.map((c) => {
    const [top, bottom] = [items.get(c.chain[0]), items.get(c.chain.at(-1))];
    const middle = c.chain.slice(1, -1).map((id) => items.get(id));
    const points = [
      { x: top.x + starts.get(c), y: top.rankBottom },
      ...middle.flatMap((item) => [
        { x: item.x, y: item.rankTop },
        { x: item.x, y: item.rankBottom },
      ]),
      { x: bottom.x + ends.get(c), y: bottom.rankTop },
    ];
    const label = middle.find((item) => item.kind === 'label');
    const box = label && {
      x: label.x - label.w / 2,
      y: label.y - label.h / 2,
      w: label.w,
      h: label.h,
    };
    const d = pathThrough(c.reversed ? points.reverse() : points);
    return { ...c.edge, kind: c.reversed ? 'up' : 'down', d, box };
  });
}

/** A self-transition: a loop on the right of its state, its label beside it. */
function loopEdges(loops, items, sizes) {
  return loops.map((edge) => {
    const state = items.get(`s:${edge.from}`);
    const size = sizes.label(edge.labels);
    const right = state.x + state.w / 2;
    const [top, bottom] = [state.y - 7, state.y + 7];
    const x = right + 44;
    const d = `M ${right} ${top} C ${x} ${top - 26}, ${x} ${bottom + 26}, ${right} ${bottom}`;
    const box = { x: right + 37, y: state.y - size.h / 2, w: size.w, h: size.h };
    return { ...edge, kind: 'loop', d, box };
  });
}

/**
 * Boxes and curves for a graph (chart-model.js). `measure(text)` is a state name's width and
 * `measureLabel(text)` an edge label line's, in pixels. Returns the drawing's size, a node per
 * state, and per edge its path and the box its label goes in.
 */
export function layoutGraph(
  graph,
  measure = (t) => t.length * 7.4,
  measureLabel = (t) => t.length * 6.8,
) {
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
  const nodes = new Map();
  for (const item of items.values()) {
    if (item.kind !== 'state') continue;
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
  const start = nodes.get(graph.initial);
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
