import type { AnyStateNode } from 'xstate';

// The state nodes a transition leaves and enters, as XState's microstep works them out (SCXML's
// exit and entry sets), for machines without parallel or history states.

export type Transition = AnyStateNode['transitions'] extends Map<string, (infer T)[]> ? T : never;

function properAncestors(node: AnyStateNode, until: AnyStateNode | undefined): AnyStateNode[] {
  const ancestors: AnyStateNode[] = [];
  for (let at = node.parent; at !== undefined && at !== until; at = at.parent) ancestors.push(at);
  return ancestors;
}

function isDescendant(child: AnyStateNode, parent: AnyStateNode | undefined): boolean {
  let marker = child;
  while (marker.parent !== undefined && marker.parent !== parent) marker = marker.parent;
  return marker.parent === parent;
}

/** XState's transition domain, for targets that are plain state nodes. */
function domainOf(transition: Transition): AnyStateNode | undefined {
  const targets: readonly AnyStateNode[] = transition.target ?? [];
  const { source } = transition;
  if (
    !transition.reenter &&
    targets.every((target) => target === source || isDescendant(target, source))
  ) {
    return source;
  }
  const [head = source, ...tail] = [...targets, source];
  for (const ancestor of properAncestors(head, undefined)) {
    if (tail.every((node) => isDescendant(node, ancestor))) return ancestor;
  }
  return transition.reenter ? undefined : source.machine.root;
}

/** The states left, deepest first. */
export function exitSet(transition: Transition, nodes: ReadonlySet<AnyStateNode>): AnyStateNode[] {
  const leaving = new Set<AnyStateNode>();
  if (transition.target?.length) {
    const domain = domainOf(transition);
    if (transition.reenter && transition.source === domain && domain) leaving.add(domain);
    for (const node of nodes) if (isDescendant(node, domain)) leaving.add(node);
  }
  return [...leaving].sort((left, right) => right.order - left.order);
}

/** The states entered, outermost first, and those entered by default (their initial actions). */
export function entrySet(transition: Transition) {
  const entering = new Set<AnyStateNode>();
  const byDefault = new Set<AnyStateNode>();
  const domain = domainOf(transition);
  const addAncestors = (ancestors: AnyStateNode[], within: AnyStateNode | undefined) => {
    for (const ancestor of ancestors) {
      if (within === undefined || isDescendant(ancestor, within)) entering.add(ancestor);
    }
  };
  const addDescendants = (node: AnyStateNode) => {
    if (node.type !== 'compound') return;
    const [initial] = node.initial.target as AnyStateNode[];
    if (initial === undefined) return;
    entering.add(initial);
    byDefault.add(initial);
    addDescendants(initial);
    addAncestors(properAncestors(initial, node), undefined);
  };
  for (const target of (transition.target ?? []) as AnyStateNode[]) {
    if (transition.source !== target || transition.source !== domain || transition.reenter) {
      entering.add(target);
      byDefault.add(target);
    }
    addDescendants(target);
  }
  const within = transition.source.parent === undefined && transition.reenter ? undefined : domain;
  for (const target of (transition.target ?? []) as AnyStateNode[]) {
    addAncestors(properAncestors(target, domain), within);
  }
  return { entering: [...entering].sort((left, right) => left.order - right.order), byDefault };
}
