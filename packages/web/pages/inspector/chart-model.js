// A machine's description (the runtime's list of its transitions, else its XState definition
// JSON, else its Mermaid text) as a flat graph: states, the initial one, final ones, labelled
// edges.

/** @import { MachineDescription } from '@pocketnet/client/types' */

/**
 * A state as drawn, and an edge with every label (event) that takes it.
 * @typedef {{ id: string, final: boolean }} GraphState
 * @typedef {{ from: string, to: string, labels: string[] }} GraphEdge
 * @typedef {{ initial: string | null, states: GraphState[], edges: GraphEdge[] }} Graph
 */

/**
 * What the chart reads of an XState definition's JSON (`machine.toJSON()`).
 * @typedef {{
 *   id?: string,
 *   type?: string,
 *   states?: Record<string, StateNodeJson>,
 *   initial?: { target?: readonly unknown[] },
 *   transitions?: readonly TransitionJson[],
 * }} StateNodeJson
 * @typedef {{
 *   eventType?: string,
 *   target?: readonly unknown[],
 *   guard?: string | { type?: unknown },
 * }} TransitionJson
 */

/**
 * The definition as XState's JSON when it looks like one (an object with states).
 * @param {unknown} definition
 * @returns {StateNodeJson | null}
 */
function asStateNode(definition) {
  if (!definition || typeof definition !== 'object' || !('states' in definition)) return null;
  return /** @type {StateNodeJson} */ (definition);
}

/**
 * `xstate.after.3600000.transfer-offer.created` → `after 1h`; other event types as they are.
 * @param {string} eventType
 */
export function eventLabel(eventType) {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (!after) return eventType;
  const ms = Number(after[1]);
  if (!Number.isFinite(ms)) return `after ${after[1]}`;
  /** @type {Array<[number, string]>} */
  const units = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1_000, 's'],
  ];
  const [size, unit] = units.find(([each]) => ms >= each && ms % each === 0) ?? [1, 'ms'];
  return `after ${ms / size}${unit}`;
}

/**
 * @param {StateNodeJson} node
 * @param {string} path
 * @param {Array<{ path: string, node: StateNodeJson }>} nodes
 */
function collectNodes(node, path, nodes) {
  for (const [key, child] of Object.entries(node.states ?? {})) {
    const childPath = path ? `${path}.${key}` : key;
    nodes.push({ path: childPath, node: child });
    collectNodes(child, childPath, nodes);
  }
  return nodes;
}

/**
 * @param {StateNodeJson} node
 */
const isLeaf = (node) => Object.keys(node.states ?? {}).length === 0;

/**
 * @param {StateNodeJson} node
 * @param {string} path
 * @returns {string}
 */
function initialLeaf(node, path) {
  if (isLeaf(node)) return path;
  const target = node.initial?.target?.[0];
  const key =
    typeof target === 'string' ? target.split('.').at(-1) : Object.keys(node.states ?? {})[0];
  const child = key === undefined ? undefined : node.states?.[key];
  return child ? initialLeaf(child, `${path}.${key}`) : path;
}

/**
 * @param {Map<string, StateNodeJson>} byPath
 * @param {string} path
 */
function leavesUnder(byPath, path) {
  return [...byPath.keys()].filter((other) => {
    const node = byPath.get(other);
    return (other === path || other.startsWith(`${path}.`)) && node !== undefined && isLeaf(node);
  });
}

/**
 * @param {TransitionJson} transition
 */
function guardLabel(transition) {
  const guard = transition.guard;
  const name = typeof guard === 'string' ? guard : guard?.type;
  return typeof name === 'string' && name.length > 0 ? ` [${name}]` : '';
}

/**
 * @param {GraphEdge[]} edges
 * @param {string} from
 * @param {string} to
 * @param {string} label
 */
function addEdge(edges, from, to, label) {
  const existing = edges.find((edge) => edge.from === from && edge.to === to);
  if (!existing) edges.push({ from, to, labels: [label] });
  else if (!existing.labels.includes(label)) existing.labels.push(label);
}

/**
 * The graph of an XState definition (`machine.toJSON()`); null when it holds no states.
 * @param {unknown} definition
 * @returns {Graph | null}
 */
export function graphOfDefinition(definition) {
  const root = asStateNode(definition);
  if (!root?.states) return null;
  const nodes = collectNodes(root, '', []);
  if (nodes.length === 0) return null;
  const byPath = new Map(nodes.map(({ path, node }) => [path, node]));
  const byId = new Map(nodes.map(({ path, node }) => [`#${node.id ?? path}`, path]));
  /** @param {string} target */
  const resolve = (target) => {
    const path = byId.get(target) ?? (byPath.has(target) ? target : undefined);
    const node = path === undefined ? undefined : byPath.get(path);
    return path === undefined || node === undefined ? undefined : initialLeaf(node, path);
  };
  /** @type {GraphEdge[]} */
  const edges = [];
  for (const { path, node } of nodes) {
    for (const transition of node.transitions ?? []) {
      const label = `${eventLabel(transition.eventType ?? '')}${guardLabel(transition)}`;
      for (const target of transition.target ?? []) {
        const to = resolve(String(target));
        if (to === undefined) continue;
        for (const from of leavesUnder(byPath, path)) addEdge(edges, from, to, label);
      }
    }
  }
  const leaves = nodes.filter(({ node }) => isLeaf(node));
  return {
    initial: initialLeaf(root, '').replace(/^\./, ''),
    states: leaves.map(({ path, node }) => ({ id: path, final: node.type === 'final' })),
    edges,
  };
}

/**
 * The graph of a `stateDiagram-v2` text: `a --> b : event`, `[*] --> a`, `a --> [*]`.
 * @param {string | undefined} text
 * @returns {Graph | null}
 */
export function graphOfMermaid(text) {
  /** @type {Map<string, GraphState>} */
  const states = new Map();
  /** @type {GraphEdge[]} */
  const edges = [];
  /** @type {string | null} */
  let initial = null;
  /** @param {string} id */
  const state = (id) => {
    const known = states.get(id);
    if (known) return known;
    const added = { id, final: false };
    states.set(id, added);
    return added;
  };
  for (const line of String(text ?? '').split('\n')) {
    const match = /^\s*([\w.[\]*-]+)\s*-->\s*([\w.[\]*-]+)\s*(?::\s*(.*))?$/.exec(line);
    if (!match) continue;
    const [, from = '', to = '', label] = match;
    if (from === '[*]') initial = state(to).id;
    else if (to === '[*]') state(from).final = true;
    else addEdge(edges, state(from).id, state(to).id, (label ?? '').trim());
  }
  return states.size === 0 ? null : { initial, states: [...states.values()], edges };
}

/**
 * The graph of the runtime's own list of a machine's transitions (it has the `always` ones,
 * which a definition's JSON leaves out). A compound state is drawn as its leaves: an edge from
 * it leaves each of them, an edge to it enters its initial leaf.
 * @param {MachineDescription} description
 * @returns {Graph | null}
 */
export function graphOfTransitions(description) {
  const { states, transitions } = description;
  if (!Array.isArray(states) || !Array.isArray(transitions) || states.length === 0) return null;
  const leaves = states.filter((id) => !states.some((other) => other.startsWith(`${id}.`)));
  const definition = asStateNode(description.definition);
  const nodes = new Map(
    definition?.states
      ? collectNodes(definition, '', []).map(({ path, node }) => [path, node])
      : [],
  );
  /** @param {string} path */
  const under = (path) => leaves.filter((leaf) => leaf === path || leaf.startsWith(`${path}.`));
  /** @param {string} path */
  const toLeaf = (path) => {
    if (leaves.includes(path)) return path;
    const node = nodes.get(path);
    return node ? initialLeaf(node, path) : (under(path)[0] ?? path);
  };
  /** @type {GraphEdge[]} */
  const edges = [];
  for (const transition of transitions) {
    for (const from of under(transition.from)) {
      addEdge(edges, from, toLeaf(transition.to), transition.label ?? transition.event);
    }
  }
  const finals = new Set(description.finalStates ?? []);
  return {
    initial: description.initial ? toLeaf(description.initial) : null,
    states: leaves.map((id) => ({ id, final: finals.has(id) })),
    edges,
  };
}

/**
 * The graph to draw for a machine description: its definition's, else its Mermaid text's; the
 * machine's own lists of states and final states complete it either way.
 * @param {MachineDescription} description
 * @returns {Graph}
 */
export function graphOfMachine(description) {
  const graph = graphOfTransitions(description) ??
    graphOfDefinition(description.definition) ??
    graphOfMermaid(description.mermaid) ?? { initial: null, states: [], edges: [] };
  const known = new Set(graph.states.map((state) => state.id));
  /** @param {string} id */
  const isParent = (id) => [...known].some((leaf) => leaf.startsWith(`${id}.`));
  for (const id of description.states ?? []) {
    if (!known.has(id) && !isParent(id)) graph.states.push({ id, final: false });
  }
  const finals = new Set(description.finalStates ?? []);
  for (const state of graph.states) state.final = state.final || finals.has(state.id);
  graph.initial = graph.initial ?? description.initial ?? null;
  return graph;
}
