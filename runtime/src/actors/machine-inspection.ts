import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineDescription, MachineInfo, MachineTransition } from './actor-types.ts';
import type { MachineBinding } from './machine-catalog.ts';
import { renderMermaid } from './machine-mermaid.ts';

// What the inspector draws: a machine's states, transitions and final states, read off
// XState's own state nodes, plus its JSON definition and a Mermaid statechart.

/** A state node's path below the root, dotted (`open.active.renewed`); '' for the root. */
export const pathOf = (node: AnyStateNode): string => node.path.join('.');

export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

const guardName = (guard: unknown): string | null => {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type);
  return null;
};

function edgesOf(node: AnyStateNode): MachineTransition[] {
  const edges: MachineTransition[] = [];
  const add = (
    definition: { target?: readonly AnyStateNode[] | undefined; guard?: unknown },
    edge: { event: string; label: string; kind: MachineTransition['kind'] },
  ) => {
    const guard = guardName(definition.guard);
    const label = guard === null ? edge.label : `${edge.label} [${guard}]`;
    const targets = definition.target ?? [];
    if (targets.length === 0) edges.push({ from: pathOf(node), to: pathOf(node), ...edge, label });
    for (const target of targets)
      edges.push({ from: pathOf(node), to: pathOf(target), ...edge, label });
  };
  const delayed = new Set<string>();
  for (const after of node.after) {
    delayed.add(after.eventType);
    add(after, { event: after.eventType, label: `after ${String(after.delay)}`, kind: 'after' });
  }
  for (const [event, definitions] of node.transitions) {
    if (delayed.has(event)) continue;
    for (const definition of definitions) add(definition, { event, label: event, kind: 'event' });
  }
  for (const always of node.always ?? []) {
    add(always, { event: '', label: 'always', kind: 'always' });
  }
  return edges;
}

export function describeMachineInfo(binding: MachineBinding): MachineInfo {
  const { machine } = binding;
  const nodes = stateNodesOf(machine);
  const initial = machine.root.initial.target[0];
  return {
    id: binding.id,
    description: machine.root.description ?? '',
    states: nodes.map(pathOf),
    initial: initial === undefined ? '' : pathOf(initial),
    finalStates: nodes.filter((node) => node.type === 'final').map(pathOf),
  };
}

export function describeMachine(binding: MachineBinding): MachineDescription {
  const { machine } = binding;
  const nodes = stateNodesOf(machine);
  // Root-level events (a contract joining the workflow in any state) change no state.
  const transitions = nodes.flatMap(edgesOf);
  const stateDescriptions: Record<string, string> = {};
  for (const node of nodes) {
    if (node.description) stateDescriptions[pathOf(node)] = node.description;
  }
  return {
    ...describeMachineInfo(binding),
    // JSON only: the definition's functions (implementations) drop out.
    definition: JSON.parse(JSON.stringify(machine.toJSON())) as unknown,
    mermaid: renderMermaid(machine, transitions),
    transitions,
    stateDescriptions,
  };
}
