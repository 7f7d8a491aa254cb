// A machine's description (the runtime's list of its transitions, else its XState definition
// JSON, else its Mermaid text) as a flat graph: states, the initial one, final ones, labelled
// edges.

/** `xstate.after.3600000.transfer-offer.created` → `after 1h`; other event types as they are. */
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

function collectNodes(node, path, nodes) {
  for (const [key, child] of Object.entries(node.states ?? {})) {
    const childPath = path ? `${path}.${key}` : key;
    nodes.push({ path: childPath, node: child });
    collectNodes(child, childPath, nodes);
  }
  return nodes;
}

const isLeaf = (node) => Object.keys(node.states ?? {}).length === 0;

function initialLeaf(node, path) {
  if (isLeaf(node)) return path;
  const target = node.initial?.target?.[0];
  const key =
    typeof target === 'string' ? target.split('.').at(-1) : Object.keys(node.states ?? {})[0];
  const child = key === undefined ? undefined : node.states?.[key];
  return child ? initialLeaf(child, `${path}.${key}`) : path;
}

function leavesUnder(byPath, path) {
  return [...byPath.keys()].filter(
    (other) => (other === path || other.startsWith(`${path}.`)) && isLeaf(byPath.get(other)),
  );
}

function guardLabel(transition) {
  const guard = transition.guard;
  const name = typeof guard === 'string' ? guard : guard?.type;
  return typeof name === 'string' && name.length > 0 ? ` [${name}]` : '';
}

function addEdge(edges, from, to, label) {
  const existing = edges.find((edge) => edge.from === from && edge.to === to);
  if (!existing) edges.push({ from, to, labels: [label] });
  else if (!existing.labels.includes(label)) existing.labels.push(label);
}

/** The graph of an XState definition (`machine.toJSON()`); null when it holds no states. */
export function graphOfDefinition(definition) {
  if (!definition || typeof definition !== 'object' || !definition.states) return null;
  const nodes = collectNodes(definition, '', []);
  if (nodes.length === 0) return null;
  const byPath = new Map(nodes.map(({ path, node }) => [path, node]));
  const byId = new Map(nodes.map(({ path, node }) => [`#${node.id ?? path}`, path]));
  const resolve = (target) => {
    const path = byId.get(target) ?? (byPath.has(target) ? target : undefined);
    return path === undefined ? undefined : initialLeaf(byPath.get(path), path);
  };
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
    initial: initialLeaf(definition, '').replace(/^\./, ''),
    states: leaves.map(({ path, node }) => ({ id: path, final: node.type === 'final' })),
    edges,
  };
}

/** The graph of a `stateDiagram-v2` text: `a --> b : event`, `[*] --> a`, `a --> [*]`. */
export function graphOfMermaid(text) {
  const states = new Map();
  const edges = [];
  let initial = null;
  const state = (id) => states.get(id) ?? states.set(id, { id, final: false }).get(id);
  for (const line of String(text ?? '').split('\n')) {
    const match = /^\s*([\w.[\]*-]+)\s*-->\s*([\w.[\]*-]+)\s*(?::\s*(.*))?$/.exec(line);
    if (!match) continue;
    const [, from, to, label] = match;
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
 */
export function graphOfTransitions(description) {
  const { states, transitions } = description;
  if (!Array.isArray(states) || !Array.isArray(transitions) || states.length === 0) return null;
  const leaves = states.filter((id) => !states.some((other) => other.startsWith(`${id}.`)));
  const definition = description.definition;
  const nodes = new Map(
    definition?.states
      ? collectNodes(definition, '', []).map(({ path, node }) => [path, node])
      : [],
  );
  const under = (path) => leaves.filter((leaf) => leaf === path || leaf.startsWith(`${path}.`));
  const toLeaf = (path) => {
    if (leaves.includes(path)) return path;
    const node = nodes.get(path);
    return node ? initialLeaf(node, path) : (under(path)[0] ?? path);
  };
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
 */
export function graphOfMachine(description) {
  const graph = graphOfTransitions(description) ??
    graphOfDefinition(description.definition) ??
    graphOfMermaid(description.mermaid) ?? { initial: null, states: [], edges: [] };
  const known = new Set(graph.states.map((state) => state.id));
  const isParent = (id) => [...known].some((leaf) => leaf.startsWith(`${id}.`));
  for (const id of description.states ?? []) {
    if (!known.has(id) && !isParent(id)) graph.states.push({ id, final: false });
  }
  const finals = new Set(description.finalStates ?? []);
  for (const state of graph.states) state.final = state.final || finals.has(state.id);
  graph.initial = graph.initial ?? description.initial ?? null;
  return graph;
}
