import type { Observable } from 'rxjs';
import type { Caller } from '../services/caller.ts';

// The actor runtime as the gateway's inspect API, the wallet and the automations see it.

export type MachineInfo = {
  id: string;
  description: string;
  /** Every state, nested ones dotted (`open.active.renewed`). */
  states: string[];
  initial: string;
  finalStates: string[];
};

/** One edge of a statechart, for drawing it: `event` is the event type the edge is taken on. */
export type MachineTransition = {
  from: string;
  to: string;
  event: string;
  /** A readable label: the event, `after <delay>` or `always`, with `[guard]` when guarded. */
  label: string;
  kind: 'event' | 'after' | 'always';
};

export type MachineDescription = MachineInfo & {
  /** The machine's definition as JSON (XState's `machine.toJSON()`). */
  definition: unknown;
  /** The statechart as a Mermaid `stateDiagram-v2`. */
  mermaid: string;
  transitions: MachineTransition[];
  /** State → its description, where the machine gives one. */
  stateDescriptions: Record<string, string>;
};

export type ActorTransition = {
  actorId: string;
  machine: string;
  from: string | null;
  to: string;
  event: string;
  offset: number | null;
  updateId: string | null;
  /** ISO-8601, on the node's clock. */
  at: string;
};

export type ActorSummary = {
  id: string;
  machine: string;
  /** Dotted for nested states. */
  state: string;
  status: 'active' | 'done';
  parties: string[];
  contractIds: string[];
  createdAt: string;
  updatedAt: string;
  trackingId: string | null;
};

export type ActorDetail = ActorSummary & {
  /** JSON only. */
  context: unknown;
  output: unknown | null;
  history: ActorTransition[];
};

/** Something an actor wants done on the ledger; automations turn it into a job. */
export type ActorRequest = {
  actorId: string;
  machine: string;
  type: string;
  contractId: string | null;
  parties: string[];
  offset: number | null;
  data: Record<string, unknown>;
};

export type ActorRuntime = {
  machines(): MachineInfo[];
  machine(id: string): MachineDescription | undefined;
  list(caller: Caller, filter?: { machine?: string; state?: string }): ActorSummary[];
  get(caller: Caller, actorId: string): ActorDetail | undefined;
  findByTrackingId(caller: Caller, machine: string, trackingId: string): ActorDetail | undefined;
  findByContract(caller: Caller, contractId: string): ActorDetail | undefined;
  canSee(caller: Caller, actorId: string): boolean;
  /** Every transition, unfiltered; edges filter with canSee. */
  transitions$: Observable<ActorTransition>;
  requests$: Observable<ActorRequest>;
  stop(): void;
};
