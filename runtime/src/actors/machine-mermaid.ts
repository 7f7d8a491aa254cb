import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { MachineTransition } from './actor-types.ts';

// A machine as a Mermaid `stateDiagram-v2`: states (compound ones as blocks), the initial state
// of each level, every transition labelled with its event, and final states ending in [*].

/** Mermaid ids may not hold dots: `open.active.renewed` is drawn as `open_active_renewed`. */
const idOf = (path: string) => path.replaceAll('.', '_').replaceAll('-', '_');

function renderLevel(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial !== undefined) lines.push(`${indent}[*] --> ${idOf(initial.path.join('.'))}`);
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    const path = child.path.join('.');
    const id = idOf(path);
    if (child.key !== id) lines.push(`${indent}state "${child.key}" as ${id}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent}state ${id} {`, ...renderLevel(child, `${indent}  `), `${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
  }
  return lines;
}

export function renderMermaid(
  machine: AnyStateMachine,
  transitions: readonly MachineTransition[],
): string {
  const lines = ['stateDiagram-v2', ...renderLevel(machine.root, '  ')];
  for (const transition of transitions) {
    if (transition.from === '' || transition.to === '') continue;
    lines.push(`  ${idOf(transition.from)} --> ${idOf(transition.to)} : ${transition.label}`);
  }
  return `${lines.join('\n')}\n`;
}
