import { createServer } from 'node:net';
import { type ActorRuntime, type ActorTransition, unrestrictedCaller } from '@pocketnet/runtime';

export type StatelyInspection = {
  /** The local page that shows Stately's inspector (it loads stately.ai/inspect in a frame). */
  readonly url: string;
  /** Sends every actor of `actors`, then each of their transitions, to Stately's inspector. */
  watch(actors: ActorRuntime): void;
  stop(): void;
};

type StatelyInspector = Awaited<ReturnType<typeof loadInspector>>['inspector'];

/** Stately's bridge server does not report a port in use; asking first turns that into an error. */
async function ensureFree(port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) =>
      reject(new Error(`--inspect-port ${port} is not free: ${error.message}`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

// Loaded only when asked for: the node's start does not pay for Stately's client libraries.
async function loadInspector(port: number) {
  const { createWebSocketInspector } = await import('@statelyai/inspect');
  const { createInspectorServer } = await import('@statelyai/inspect/server');
  const server = createInspectorServer({ port, autoOpen: false });
  const inspector = createWebSocketInspector({ url: `ws://127.0.0.1:${port}` });
  return { server, inspector };
}

/** `open.active.renewed` → `{ open: { active: 'renewed' } }`, XState's state value. */
function stateValue(state: string): unknown {
  const [head = '', ...rest] = state.split('.');
  return rest.length === 0 ? head : { [head]: stateValue(rest.join('.')) };
}

/**
 * The workflow actors are stepped with XState's pure transitions, not run as XState actors, so
 * they are reported to Stately as its inspector's own API takes them: an actor registration
 * with the machine's definition, then an event and a snapshot per transition.
 */
function reportTo(inspector: StatelyInspector, actors: ActorRuntime) {
  const snapshotOf = (actorId: string) => {
    const detail = actors.get(unrestrictedCaller, actorId);
    if (detail === undefined) return undefined;
    const status = detail.status === 'done' ? ('done' as const) : ('active' as const);
    return {
      status,
      value: stateValue(detail.state),
      context: detail.context,
      output: detail.output,
    };
  };
  const register = (actorId: string, machine: string) => {
    const config = actors.machine(machine)?.definition;
    const snapshot = snapshotOf(actorId);
    const actorRef = {
      sessionId: actorId,
      id: actorId,
      logic: { config },
      send: () => {},
      getSnapshot: () => snapshot,
    };
    inspector.actor(actorRef, snapshot);
  };
  const follow = (transition: ActorTransition) => {
    if (transition.from === null) register(transition.actorId, transition.machine);
    const event = { type: transition.event };
    inspector.event(transition.actorId, event);
    const snapshot = snapshotOf(transition.actorId);
    if (snapshot) inspector.snapshot(transition.actorId, snapshot, { event });
  };
  return { register, follow };
}

/**
 * `--inspect stately`: @statelyai/inspect's local bridge (a page embedding Stately's inspector,
 * and a WebSocket relay) on `port`, and a WebSocket inspector that sends it the node's actors.
 * It needs no account; the page needs the internet to load stately.ai/inspect, the node does not.
 */
export async function createStatelyInspection(options: {
  readonly port: number;
}): Promise<StatelyInspection> {
  await ensureFree(options.port);
  const { server, inspector } = await loadInspector(options.port);
  const subscriptions: Array<{ unsubscribe(): void }> = [];
  return {
    url: `http://localhost:${options.port}`,
    watch(actors) {
      const report = reportTo(inspector, actors);
      // The actors the journal's replay made, as they are now; then each move as it happens.
      for (const actor of actors.list(unrestrictedCaller)) report.register(actor.id, actor.machine);
      subscriptions.push(actors.transitions$.subscribe(report.follow));
    },
    stop() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      inspector.stop();
      server.stop();
    },
  };
}
