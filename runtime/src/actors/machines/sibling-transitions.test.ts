import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { machineBindings } from '../machine-catalog.ts';

// A transition written out the same way in two sibling states belongs on their parent: the guard
// keeps the machines' hierarchy from flattening again. Sibling states share a parent, so the same
// written transition (target, guard, actions) means the same move from either of them.

type Repeat = { readonly parent: string; readonly on: string; readonly states: string[] };

const written = (value: unknown) => JSON.stringify(value);

function repeatsUnder(node: AnyStateNode): Repeat[] {
  const children = Object.values(node.states) as AnyStateNode[];
  const holders = new Map<string, string[]>();
  for (const child of children) {
    const transitions = {
      ...(child.config.on as Record<string, unknown> | undefined),
      ...(child.config.after as Record<string, unknown> | undefined),
    };
    for (const [on, transition] of Object.entries(transitions)) {
      const key = `${on}\n${written(transition)}`;
      holders.set(key, [...(holders.get(key) ?? []), child.key]);
    }
  }
  const here = [...holders]
    .filter(([, states]) => states.length > 1)
    .map(([key, states]) => ({
      parent: node.path.join('.'),
      on: key.split('\n')[0] ?? '',
      states,
    }));
  return [...here, ...children.flatMap(repeatsUnder)];
}

describe('the workflow machines’ hierarchy', () => {
  it('knows every machine definition in the machines folder', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter((file) =>
      file.endsWith('.machine.ts'),
    );
    expect(machineBindings.map((binding) => `${binding.id}.machine.ts`).sort()).toEqual(
      files.sort(),
    );
  });

  it.each(machineBindings.map((binding) => [binding.id, binding.machine] as const))(
    'the %s machine writes no transition twice in sibling states',
    (_id, machine) => {
      expect(repeatsUnder(machine.root)).toEqual([]);
    },
  );
});
