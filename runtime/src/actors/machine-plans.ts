import { type AnyStateMachine, type AnyStateNode, pathToStateValue, type StateValue } from 'xstate';
import { type ActionOp, compileActions } from './machine-plan-actions.ts';
import { entrySet, exitSet } from './machine-plan-sets.ts';

// What one event does to a machine in one state, worked out once from the machine's structure
// as XState's macrostep would (SCXML: the transition selected deepest first, the exit set, the
// transition's actions, the entry set), so that a step need only run the actions. Only where
// that outcome cannot depend on the context or the event's data: the selected transition has no
// guard, no eventless transition waits in the state left or the state reached, the step ends in
// no final state, and the machine has no parallel or history states, no invocations and no
// wildcard events. Anything else is left to XState (null plan = `unplanned`).

export type TransitionPlan = {
  /** The dotted state the step ends in. */
  readonly state: string;
  readonly ops: readonly ActionOp[];
  /** The same state nodes after as before: without an assignment XState returns the snapshot. */
  readonly sameNodes: boolean;
};

/** The event is not handled in that state: XState would return the very snapshot it was given. */
export const unhandled = 'unhandled';
export const unplanned = 'unplanned';
export type PlanOutcome = TransitionPlan | typeof unhandled | typeof unplanned;

const isAtomic = (node: AnyStateNode) => node.type === 'atomic' || node.type === 'final';

/** Whether the whole machine stays within what plans reproduce. */
export function isPlannable(machine: AnyStateMachine): boolean {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return nodes.every(
    (node) =>
      node.type !== 'parallel' &&
      node.type !== 'history' &&
      node.invoke.length === 0 &&
      [...node.transitions.keys()].every((key) => key !== '*' && !key.endsWith('.*')),
  );
}

/** The transition XState would select: the first candidate of the deepest state that has one. */
function selectedTransition(atomic: AnyStateNode, eventType: string) {
  for (let node: AnyStateNode | undefined = atomic; node !== undefined; node = node.parent) {
    const [first] = node.transitions.get(eventType) ?? [];
    if (first !== undefined) return first.guard === undefined ? first : unplanned;
  }
  return unhandled;
}

/** Plans one event type from one configuration (the state nodes of a resolved snapshot). */
export function planTransition(
  machine: AnyStateMachine,
  from: readonly AnyStateNode[],
  eventType: string,
): PlanOutcome {
  const atomic = from.find(isAtomic);
  const eventless = (nodes: Iterable<AnyStateNode>) => [...nodes].some((node) => node.always);
  if (atomic === undefined || atomic.type === 'final' || eventless(from)) return unplanned;
  const special = eventType.startsWith('xstate.') && !eventType.startsWith('xstate.after.');
  if (special || eventType === '*') return unplanned;
  const transition = selectedTransition(atomic, eventType);
  if (typeof transition === 'string') return transition;
  const nodes = new Set(from);
  const leaving = exitSet(transition, nodes);
  const { entering, byDefault } = entrySet(transition);
  for (const node of leaving) nodes.delete(node);
  for (const node of entering) nodes.add(node);
  const reached = [...nodes].find(isAtomic);
  if (reached === undefined || entering.some((node) => node.type === 'final') || eventless(nodes)) {
    return unplanned;
  }
  const actions = [
    ...leaving.flatMap((node) => node.exit),
    ...transition.actions,
    ...entering.flatMap((node) => [
      ...node.entry,
      ...(byDefault.has(node) ? node.initial.actions : []),
    ]),
  ];
  const ops = compileActions(machine, actions);
  if (ops === null) return unplanned;
  const sameNodes = nodes.size === from.length && from.every((node) => nodes.has(node));
  return { state: reached.path.join('.'), ops, sameNodes };
}

/**
 * Plans worked out on first use, by state and event type; none for a machine beyond them.
 * `nodesOf` gives the state nodes of a dotted state, `intern` its one shared string.
 */
export function createPlanCache(options: {
  machine: AnyStateMachine;
  nodesOf(state: string): readonly AnyStateNode[];
  intern(value: StateValue): string;
}) {
  const plannable = isPlannable(options.machine);
  const plans = new Map<string, Map<string, PlanOutcome>>();
  return (state: string, eventType: string): PlanOutcome => {
    if (!plannable) return unplanned;
    let byEvent = plans.get(state);
    if (byEvent === undefined) {
      byEvent = new Map();
      plans.set(state, byEvent);
    }
    let plan = byEvent.get(eventType);
    if (plan === undefined) {
      plan = planTransition(options.machine, options.nodesOf(state), eventType);
      if (typeof plan === 'object') {
        plan = { ...plan, state: options.intern(pathToStateValue(plan.state.split('.'))) };
      }
      byEvent.set(eventType, plan);
    }
    return plan;
  };
}
