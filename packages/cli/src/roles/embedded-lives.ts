import { type Automations, startAutomations } from '@pocketnet/automations';
import { createGateway, nodeHttp } from '@pocketnet/gateway';
import type { UndoMark } from '@pocketnet/ledger';
import {
  type AppliedFixture,
  applyFixture,
  clockAt,
  createNode,
  createTimeMachine,
  type HistoryPoint,
  type NodeLoaded,
  type NodeRestore,
  nodeOfParticipant,
  nodeOfValidatorApp,
  type PocketnetNode,
  StateFileError,
  type TimeMachine,
  type ValidatorApp,
} from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';

import type { EmbeddedLife, EmbeddedSetup } from './embedded-setup.ts';
import { loadedOf, logLoaded } from './loaded-state.ts';
import { revertInPlace } from './revert-in-place.ts';

/** A start that cannot go on as asked: its one-line reason, and exit code 2. */
export class StartRefusal extends Error {
  override readonly name = 'StartRefusal';
}

/** A gateway as the life servers serve it, its WebSockets on a server of their own. */
function servedLife(gateway: ReturnType<typeof createGateway>) {
  const upgrades = nodeHttp.createServer();
  gateway.attachWebSockets(upgrades);
  return { app: gateway.app, upgrades, renderError: gateway.renderError };
}

export type EmbeddedNode = {
  current(): EmbeddedLife;
  /** What the fixture created (empty without one). */
  readonly fixture: AppliedFixture;
  readonly timeMachine: TimeMachine;
  /**
   * `--load-state`: how the first life took the state (its holders restored from the file's
   * sections, or its journal replayed, and why), and when the journal holds it durably (ms
   * after the first life began); null without a state file.
   */
  readonly loaded: (NodeLoaded & { readonly durable: Promise<number> }) | null;
  /** Ends the streams and stops the current life (the servers are the caller's). */
  close(): Promise<void>;
};

/**
 * An embedded node whose history can be put back (issue 23): the servers listen once and serve
 * the current life; a revert ends the streams with its reason, stops the life, cuts the journal
 * back and starts the next life on it, its clock at the snapshot's time. Every projection,
 * actor, queue and schedule of the next life is rebuilt from the cut journal, as a restart
 * rebuilds them, so nothing of the dropped history survives anywhere.
 */
export async function startEmbeddedNode(setup: EmbeddedSetup): Promise<EmbeddedNode> {
  const { store, logger } = setup;
  if (setup.loadState) {
    const { seed } = setup.loadState.header;
    if (seed !== (setup.node.devnet?.seed ?? null)) {
      throw new StartRefusal(
        seed === null
          ? '--load-state: the state is of a bare ledger: start it with --no-devnet'
          : `--load-state: the state is of a devnet made with --seed ${seed}: start it with --seed ${seed}`,
      );
    }
    if (!(await store.isEmpty())) {
      throw new StartRefusal(
        '--load-state starts a node from a state file, but the journal is not empty: use --ephemeral or an empty --data-dir',
      );
    }
    await store.fill(setup.loadState.history);
  }
  let current: EmbeddedLife | null = null;
  const timeMachine = createTimeMachine({
    current: () => life().node,
    rewind,
    rollBack: setup.revert === 'rebuild' ? null : rollBack,
    journal: store,
    seed: setup.node.devnet?.seed ?? null,
  });
  const life = () => {
    if (!current) throw new Error('the node is between lives');
    return current;
  };

  /** `restore`: the first life of a loaded state puts its holders back from the sections. */
  async function startLife(atMicros: bigint | null, restore?: NodeRestore): Promise<EmbeddedLife> {
    const clock = atMicros === null ? setup.clock : clockAt(setup.clock, atMicros);
    const node = await createNode({
      ...setup.node,
      dataDir: null,
      clock,
      ledger: { openJournal: () => store.open() },
      ...(restore ? { restore } : {}),
    });
    setup.stately?.watch(node.actors);
    const runner = await setup.createRunner(null, node.undo);
    const automations = startAutomations({
      node,
      config: setup.config,
      runner,
      logger: logger.child({ component: 'automations' }),
    });
    const gateway = createGateway({
      node,
      auth: setup.auth,
      logger,
      automations: automations.view,
      ...(setup.streamLimits ? { streamLimits: setup.streamLimits } : {}),
      ...(setup.requestLimits ? { requestLimits: setup.requestLimits } : {}),
      webPages,
      timeMachine,
      // Load shedding (issue 12): beyond these, submissions are refused with backpressure.
      admission: {
        maxInFlight: setup.settings.maxInFlight,
        maxQueueMs: setup.settings.writerMaxQueueMs,
        adaptive: setup.settings.adaptiveAdmission,
      },
    });
    const own = servedLife(gateway);
    setup.servers.serve(own);
    const others = await serveParticipants(node);
    const gateways = [gateway, ...others.gateways];
    const appAutomations = others.automations;
    const everyAutomations = [automations, ...appAutomations];
    return {
      node,
      automations,
      rollsBack: everyAutomations.every((each) => each.runner.kind === 'in-process'),
      async settled() {
        for (const each of everyAutomations) await each.settled();
      },
      serve() {
        setup.servers.serve(own);
        for (const [index, servers] of (setup.participantServers ?? []).entries()) {
          const served = others.served[index];
          if (served) servers.serve(served);
        }
      },
      closeStreams: (reason) => {
        for (const each of gateways) each.closeStreams(reason);
      },
      async close() {
        for (const each of appAutomations) await each.close();
        await automations.close();
        await node.close();
      },
    };
  }

  /**
   * The further participants' servers: an app validator's node view with its automations (on a
   * runner of its own), or the participant's Ledger API alone.
   */
  async function serveParticipants(node: PocketnetNode) {
    const gateways: Array<ReturnType<typeof createGateway>> = [];
    const automations: Automations[] = [];
    const lives: ReturnType<typeof servedLife>[] = [];
    for (const [index, servers] of (setup.participantServers ?? []).entries()) {
      const participant = node.participants[index + 1];
      if (!participant) throw new Error('the node runs fewer participants than it serves');
      const app = node.validatorApps.find((each) => each.participant === participant);
      const served = app ? await startAppValidator(node, app) : null;
      if (served) automations.push(served.automations);
      const gateway = createGateway({
        auth: setup.auth,
        logger,
        ...(setup.streamLimits ? { streamLimits: setup.streamLimits } : {}),
        ...(setup.requestLimits ? { requestLimits: setup.requestLimits } : {}),
        ...(served
          ? {
              node: served.node,
              automations: served.automations.view,
              webPages,
              walletAtRoot: true,
              // The devnet's clock and rounds are the synchronizer's: the SV's gateways control them.
              devnetControls: false,
            }
          : { node: nodeOfParticipant(node, participant), ledgerApiOnly: true }),
      });
      gateways.push(gateway);
      const each = servedLife(gateway);
      lives.push(each);
      servers.serve(each);
    }
    return { gateways, automations, served: lives };
  }

  /** An app validator's node view and its automations, on a runner of its own. */
  async function startAppValidator(node: PocketnetNode, app: ValidatorApp) {
    const runner = await setup.createRunner(app.name, node.undo);
    const automations = startAutomations({
      node: { automation: app.automation, actors: app.actors },
      config: setup.config,
      runner,
      logger: logger.child({ component: 'automations', validator: app.name }),
    });
    return { node: nodeOfValidatorApp(node, app), automations };
  }

  /** In place where the life can (revert-in-place.ts), else the rebuild. */
  function rollBack(point: HistoryPoint, mark: UndoMark, reason: string): Promise<void> {
    const live = life();
    if (!live.rollsBack) return rewind(point, reason);
    const servers = [setup.servers, ...(setup.participantServers ?? [])];
    return revertInPlace({ live, store, servers, logger, rewind }, { point, mark, reason });
  }

  /** On a loaded state, at its time, its holders restored from its sections where it has them. */
  async function startFirstLife(): Promise<EmbeddedLife> {
    const state = setup.loadState;
    if (!state) return startLife(null);
    const restore = state.sections
      ? { sections: state.sections, history: state.history }
      : undefined;
    const first = await startLife(state.clockMicros, restore).catch((error: unknown) => {
      // A record of the file that is not one is found only when something reads it.
      if (error instanceof StateFileError) throw new StartRefusal(`--load-state: ${error.message}`);
      throw error;
    });
    logLoaded(logger, loadedOf(first.node.loaded, state.replayReason));
    return first;
  }

  async function rewind(point: HistoryPoint, reason: string): Promise<void> {
    const previous = life();
    const message = `The node is being put back (${reason}); it serves again in a moment`;
    for (const servers of [setup.servers, ...(setup.participantServers ?? [])]) {
      servers.down(message);
    }
    current = null;
    previous.closeStreams(reason);
    await previous.close();
    try {
      await store.truncate(point.position);
      current = await startLife(point.clockMicros);
    } catch (error) {
      // The node must serve again: on whatever the journal now holds, its clock as it was.
      logger.error({ err: error }, 'a revert failed; the node starts again on its journal');
      current = await startLife(previous.node.clock.nowMicros());
      throw error;
    }
    logger.info({ position: point.position }, reason);
  }

  const fillAt = performance.now();
  current = await startFirstLife();
  // The node serves at once, while the journal's writer thread makes the loaded history durable
  // (issue 23: writing 280 MiB takes longer than the rest of a load): nothing it commits is
  // durable, nor answered, before that history is, for appends follow the fill in order.
  const durable = store.filled().then(() => performance.now() - fillAt);
  durable.catch((error: unknown) => {
    logger.error({ err: error }, '--load-state: the journal could not be filled');
  });
  await setup.beforeReady?.(current.node);
  const fixture = setup.fixture
    ? await applyFixture(current.node, setup.fixture).catch(async (error: unknown) => {
        await life().close();
        throw new StartRefusal(`--fixture: ${(error as Error).message}`);
      })
    : { parties: {}, users: {} };
  // Reset goes back to here: genesis, the loaded state, the fixture.
  await timeMachine.markGenesis();
  return {
    current: life,
    fixture,
    timeMachine,
    loaded: setup.loadState
      ? { ...loadedOf(current.node.loaded, setup.loadState.replayReason), durable }
      : null,
    async close() {
      const last = current;
      if (!last) return;
      last.closeStreams();
      await last.close();
    },
  };
}
