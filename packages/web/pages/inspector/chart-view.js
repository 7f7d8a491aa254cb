// Draws a laid-out machine (chart-layout.js) as SVG: states as boxes, final states with a double
// border, the initial state's entry dot, transitions as labelled arrows.

import { s } from '../../ui-kit/assets/dom.js';
import { layoutGraph } from './chart-layout.js';

/**
 * @import { Graph } from './chart-model.js'
 * @import { LaidEdge, LaidNode } from './chart-layout.js'
 */

const font = '500 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const labelFont = '11.5px ui-monospace, "SF Mono", "Cascadia Code", Menlo, Consolas, monospace';

/**
 * @param {string} cssFont
 * @returns {(text: string) => number}
 */
function measurer(cssFont) {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * 8;
  context.font = cssFont;
  return (text) => context.measureText(text).width;
}

/**
 * @param {string} id
 */
function arrowMarker(id) {
  return s(
    'marker',
    {
      id,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 7,
      markerHeight: 7,
      orient: 'auto-start-reverse',
    },
    s('path', { d: 'M 0 0 L 10 5 L 0 10 z' }),
  );
}

/**
 * @param {LaidEdge} edge
 */
function edgeLabel(edge) {
  const lines = edge.labels.filter((label) => label.length > 0);
  if (lines.length === 0 || !edge.box) return null;
  const { x, y, w, h } = edge.box;
  const middle = x + w / 2;
  return s(
    'g',
    { class: 'edge-label', dataset: { from: edge.from, to: edge.to } },
    s('rect', { x, y, width: w, height: h, rx: 4 }),
    s(
      'text',
      { x: middle, y: y + 14, 'text-anchor': 'middle' },
      lines.map((line, index) => s('tspan', { x: middle, dy: index === 0 ? 0 : 14 }, line)),
    ),
  );
}

/**
 * @param {LaidNode} node
 * @param {{ count: number, description: string | undefined, onPick: ((state: string) => void) | undefined }} how
 */
function stateBox(node, { count, description, onPick }) {
  const actors = count ? `, ${count} actor${count === 1 ? '' : 's'}` : '';
  const label = `${node.id}${node.final ? ', final state' : ''}${actors}`;
  const pick = () => onPick?.(node.id);
  return s(
    'g',
    {
      class: `state${node.final ? ' is-final' : ''}`,
      dataset: { state: node.id, key: `state:${node.id}` },
      tabindex: 0,
      role: 'button',
      'aria-label': label,
      onClick: pick,
      /** @param {KeyboardEvent} event */
      onKeydown: (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        pick();
      },
    },
    s('title', null, description ? `${node.id}: ${description}` : node.id),
    s('rect', { class: 'box', x: node.x, y: node.y, width: node.w, height: node.h, rx: 10 }),
    node.final &&
      s('rect', {
        class: 'inner',
        x: node.x + 4,
        y: node.y + 4,
        width: node.w - 8,
        height: node.h - 8,
        rx: 7,
      }),
    s('text', { x: node.cx, y: node.cy + 4.5, 'text-anchor': 'middle' }, node.id),
    count > 0 &&
      s(
        'g',
        { class: 'count' },
        s('circle', { cx: node.x + node.w - 2, cy: node.y + 2, r: 10 }),
        s(
          'text',
          { x: node.x + node.w - 2, y: node.y + 6, 'text-anchor': 'middle' },
          count > 99 ? '99+' : count,
        ),
      ),
  );
}

/**
 * The SVG of a machine's graph. `counts` maps a state to how many listed actors are in it,
 * `descriptions` a state to what it means (a tooltip);
 * `onPickState(state)` runs when a state is clicked or chosen with Enter.
 * @param {Graph} graph
 * @param {{ title?: string, counts?: Map<string, number>, descriptions?: { readonly [state: string]: string }, onPickState?: (state: string) => void }} [options]
 */
export function renderChart(graph, options = {}) {
  const { title, counts = new Map(), descriptions = {}, onPickState } = options;
  const layout = layoutGraph(graph, measurer(font), measurer(labelFont));
  const edges = layout.edges.map((edge) =>
    s(
      'g',
      { class: `edge edge-${edge.kind}`, dataset: { from: edge.from, to: edge.to } },
      s('path', { d: edge.d, 'marker-end': 'url(#arrow)' }),
    ),
  );
  // Every label above every line: a line drawn after a label would run through its words.
  const labels = s('g', { class: 'edge-labels' }, layout.edges.map(edgeLabel));
  const initial =
    layout.initial &&
    s(
      'g',
      { class: 'initial' },
      s('circle', { cx: layout.initial.x, cy: layout.initial.y, r: 6 }),
      s('path', {
        d: `M ${layout.initial.x} ${layout.initial.y + 6} L ${layout.initial.x} ${layout.initial.toY}`,
        'marker-end': 'url(#arrow)',
      }),
    );
  const svg = s(
    'svg',
    {
      class: 'chart',
      viewBox: `0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`,
      width: Math.ceil(layout.width),
      role: 'group',
      'aria-label': title ?? 'statechart',
    },
    s('defs', null, arrowMarker('arrow'), arrowMarker('arrow-taken')),
    initial,
    edges,
    labels,
    [...layout.nodes.values()].map((node) =>
      stateBox(node, {
        count: counts.get(node.id) ?? 0,
        description: descriptions[node.id],
        onPick: onPickState,
      }),
    ),
  );
  // Scaled down to fit its panel, so no state is ever out of sight; the panel's zoom button
  // shows it at full size, to scroll.
  return svg;
}

/**
 * Marks the state an actor is in (or was in, at a replayed step) and the transition that led
 * there; `null` clears the marks.
 * @param {SVGSVGElement} svg
 * @param {{ state: string, from?: string | null } | null} mark
 */
export function highlightChart(svg, mark) {
  for (const element of svg.querySelectorAll('.is-current, .is-taken')) {
    if (!(element instanceof SVGElement)) continue;
    element.classList.remove('is-current', 'is-taken');
    element.removeAttribute('aria-current');
    element.querySelector(':scope > path')?.setAttribute('marker-end', 'url(#arrow)');
  }
  if (!mark) return;
  const states = [...svg.querySelectorAll('g.state')].filter((g) => g instanceof SVGElement);
  // A state inside a compound one is drawn as its leaf; a compound name marks its first leaf.
  const box =
    states.find((g) => g.dataset.state === mark.state) ??
    states.find((g) => g.dataset.state?.startsWith(`${mark.state}.`));
  box?.classList.add('is-current');
  box?.setAttribute('aria-current', 'true');
  if (mark.from === null || mark.from === undefined) return;
  for (const edge of svg.querySelectorAll('g.edge, g.edge-label')) {
    if (!(edge instanceof SVGElement)) continue;
    if (edge.dataset.from !== mark.from || edge.dataset.to !== box?.dataset.state) continue;
    edge.classList.add('is-taken');
    edge.querySelector(':scope > path')?.setAttribute('marker-end', 'url(#arrow-taken)');
  }
}
