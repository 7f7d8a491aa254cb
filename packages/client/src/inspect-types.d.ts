// The inspect API's JSON (`/api/inspect/v0`): the workflow machines and the actors running them.

export type MachineInfo = {
  readonly id: string;
  readonly description: string;
  /** Every state, nested ones dotted (`open.active.renewed`). */
  readonly states: readonly string[];
  readonly initial: string;
  readonly finalStates: readonly string[];
};

/** One edge of a statechart: `label` is the event, `after <delay>` or `always`, maybe `[guard]`. */
export type MachineTransition = {
  readonly from: string;
  readonly to: string;
  readonly event: string;
  readonly label: string;
  readonly kind: 'event' | 'after' | 'always';
};

export type MachineDescription = MachineInfo & {
  readonly definition: unknown;
  /** The statechart as a Mermaid `stateDiagram-v2`. */
  readonly mermaid: string;
  readonly transitions: readonly MachineTransition[];
  readonly stateDescriptions: { readonly [state: string]: string };
};

export type ActorTransition = {
  readonly actorId: string;
  readonly machine: string;
  readonly from: string | null;
  readonly to: string;
  readonly event: string;
  readonly offset: number | null;
  readonly updateId: string | null;
  /** ISO-8601, on the node's clock. */
  readonly at: string;
};

export type ActorSummary = {
  readonly id: string;
  readonly machine: string;
  readonly state: string;
  readonly status: 'active' | 'done';
  readonly parties: readonly string[];
  readonly contractIds: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly trackingId: string | null;
};

export type ActorDetail = ActorSummary & {
  readonly context: unknown;
  readonly output: unknown;
  readonly history: readonly ActorTransition[];
};

/** What a transition stream tells: each (re)open, each transition, its connection's status. */
export type TransitionListener = {
  readonly ready: () => void;
  readonly transition: (transition: ActorTransition) => void;
  readonly status: (status: 'live' | 'connecting' | 'closed') => void;
  /** The node was reverted (or reset) to a snapshot: the reason; `ready` follows on reopening. */
  readonly reverted?: (reason: string) => void;
};
