// The signed-in inspector: loads machines and actors, draws the chosen machine, follows the
// transition stream and keeps every panel in step with it.

/**
 * @import { ActorDetail, ActorSummary, ActorTransition, MachineDescription,
 *   MachineInfo } from '@pocketnet/client/types'
 */
import { replaceChildren } from '../../ui-kit/assets/dom.js';
import { remember, renderActivity } from './activity-view.js';
import {
  countByMachine,
  countByState,
  filterActors,
  moveBetweenActors,
  renderActorList,
  renderStateOptions,
} from './actors-view.js';
import { graphOfMachine } from './chart-model.js';
import { highlightChart, renderChart } from './chart-view.js';
import { createCoalescer } from './coalesce.js';
import { renderDetail, stepOf } from './detail-view.js';
import { moveBetweenTabs, renderMachines } from './machines-view.js';
import { createShortcuts } from './shortcuts.js';

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { machine: params.get('machine'), actor: params.get('actor') };
}

/**
 * What the inspector shows, and what it picked.
 * @typedef {{
 *   machines: MachineInfo[],
 *   descriptions: Map<string, MachineDescription>,
 *   actors: ActorSummary[],
 *   machine: string | null,
 *   picked: string | null,
 *   detail: ActorDetail | null,
 *   cursor: number | null,
 *   filters: { state: string, status: string, text: string },
 *   feed: ActorTransition[],
 *   svg: SVGSVGElement | null,
 * }} InspectorView
 */

/**
 * The page's elements the inspector fills and listens to.
 * @typedef {{
 *   machines: HTMLElement, machineTitle: HTMLElement, machineDescription: HTMLElement,
 *   chart: HTMLElement, chartZoom: HTMLElement, mermaid: HTMLElement, stateFilter: HTMLSelectElement,
 *   statusFilter: HTMLSelectElement, search: HTMLInputElement, actorsCount: HTMLElement,
 *   actorList: HTMLElement, detail: HTMLElement, activity: HTMLElement,
 * }} InspectorUi
 */

/**
 * Runs the inspector in `ui` for one API client until `stop()`.
 * @param {InspectorUi} ui
 * @param {ReturnType<typeof import('./api.js').createApi>} api
 * @param {{ onAuthFailure: (error: Error) => void, onStatus: (status: string) => void }} how
 */
export function createInspector(ui, api, { onAuthFailure, onStatus }) {
  /** @type {InspectorView} */
  const view = {
    machines: [],
    descriptions: new Map(),
    actors: [],
    machine: null,
    picked: null,
    detail: null,
    cursor: null,
    filters: { state: '', status: '', text: '' },
    feed: [],
    svg: null,
  };
  let detailRequest = 0;
  /** @param {unknown} error */
  const fail = (error) => {
    const status = error instanceof Error && 'status' in error ? error.status : undefined;
    if (error instanceof Error && (status === 401 || status === 403)) onAuthFailure(error);
    else console.error(error);
  };

  const writeHash = () => {
    const params = new URLSearchParams();
    if (view.machine) params.set('machine', view.machine);
    if (view.picked) params.set('actor', view.picked);
    history.replaceState(null, '', `#${params}`);
  };
  const mine = () => view.actors.filter((actor) => actor.machine === view.machine);

  function highlight() {
    if (!view.svg) return;
    const detail = view.detail?.machine === view.machine ? view.detail : null;
    highlightChart(view.svg, detail ? stepOf(detail, view.cursor) : null);
  }

  function renderChartPanel() {
    const description = view.descriptions.get(view.machine ?? '');
    if (!description) return;
    view.svg = renderChart(graphOfMachine(description), {
      title: `Statechart of ${description.id}`,
      counts: countByState(mine()),
      descriptions: description.stateDescriptions ?? {},
      onPickState: (state) => setFilter({ state: view.filters.state === state ? '' : state }),
    });
    replaceChildren(ui.chart, view.svg);
    highlight();
  }

  function renderLists() {
    renderMachines(ui.machines, {
      machines: view.machines,
      counts: countByMachine(view.actors),
      selected: view.machine,
      onSelect: (id) => void selectMachine(id).catch(fail),
    });
    renderStateOptions(ui.stateFilter, {
      states: view.descriptions.get(view.machine ?? '')?.states ?? [],
      counts: countByState(mine()),
      selected: view.filters.state,
    });
    const shown = filterActors(view.actors, { machine: view.machine, ...view.filters });
    ui.actorsCount.textContent = `${shown.length} of ${mine().length}`;
    renderActorList(ui.actorList, {
      actors: shown,
      picked: view.picked,
      onPick: pick,
      emptyText:
        mine().length === 0
          ? 'No actors of this machine yet: they appear as the ledger moves.'
          : 'No actor matches the filters.',
    });
  }

  function renderDetailPanel() {
    renderDetail(ui.detail, { detail: view.detail, cursor: view.cursor, on: { step, live } });
    highlight();
  }

  /**
   * @param {Partial<InspectorView['filters']>} change
   */
  function setFilter(change) {
    Object.assign(view.filters, change);
    renderLists();
  }

  const scheduleRefresh = createCoalescer(async () => {
    view.actors = await api.actors();
    renderLists();
    renderChartPanel();
  }, fail);

  async function loadDetail() {
    const request = ++detailRequest;
    const id = view.picked;
    const detail =
      id === null
        ? null
        : await api
            .actor(id)
            .catch((error) => (error.status === 404 ? null : Promise.reject(error)));
    if (request !== detailRequest) return;
    view.detail = detail;
    renderDetailPanel();
  }

  /** @param {string} id */
  async function selectMachine(id) {
    const description = view.descriptions.get(id) ?? (await api.machine(id));
    view.descriptions.set(id, description);
    view.machine = id;
    view.filters.state = '';
    ui.machineTitle.textContent = description.id;
    ui.machineDescription.textContent = description.description;
    ui.mermaid.textContent = description.mermaid;
    writeHash();
    renderLists();
    renderChartPanel();
  }

  /**
   * @param {string} actorId
   */
  function pick(actorId) {
    view.picked = actorId;
    view.cursor = null;
    writeHash();
    renderLists();
    loadDetail().catch(fail);
  }

  /**
   * @param {number} index
   */
  function step(index) {
    if (!view.detail) return;
    const last = view.detail.history.length - 1;
    view.cursor = Math.max(0, Math.min(last, index));
    renderDetailPanel();
  }

  function live() {
    view.cursor = null;
    renderDetailPanel();
  }

  /**
   * @param {ActorTransition} transition
   */
  function onTransition(transition) {
    view.feed = remember(view.feed, transition);
    renderActivity(ui.activity, { feed: view.feed, onOpen: openTransition });
    scheduleRefresh();
    if (transition.actorId === view.picked) loadDetail().catch(fail);
  }

  /**
   * @param {ActorTransition} transition
   */
  function openTransition(transition) {
    const opened =
      transition.machine === view.machine ? Promise.resolve() : selectMachine(transition.machine);
    opened.then(() => pick(transition.actorId)).catch(fail);
  }

  const onKey = createShortcuts({
    search: () => ui.search.focus(),
    canStep: () => view.detail !== null,
    step: (by) => {
      if (view.detail) step(stepOf(view.detail, view.cursor).index + by);
    },
    live,
  });

  // The chart fits its panel; zoomed, it is drawn at its own size and scrolls sideways.
  const toggleZoom = () => {
    const zoomed = ui.chart.classList.toggle('zoomed');
    ui.chartZoom.setAttribute('aria-pressed', String(zoomed));
    ui.chartZoom.textContent = zoomed ? 'Fit to width' : 'Zoom in';
  };

  /** @type {Array<[EventTarget, string, (event: any) => void]>} */
  const listeners = [
    [ui.chartZoom, 'click', toggleZoom],
    [ui.stateFilter, 'change', () => setFilter({ state: ui.stateFilter.value })],
    [ui.statusFilter, 'change', () => setFilter({ status: ui.statusFilter.value })],
    [ui.search, 'input', () => setFilter({ text: ui.search.value })],
    [ui.machines, 'keydown', moveBetweenTabs],
    [ui.actorList, 'keydown', moveBetweenActors],
    [document, 'keydown', onKey],
  ];
  let closeStream = () => {};

  return {
    async start() {
      for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
      view.machines = await api.machines();
      const wanted = readHash();
      const first =
        view.machines.find((machine) => machine.id === wanted.machine) ?? view.machines[0];
      if (first) await selectMachine(first.id);
      renderDetailPanel();
      renderActivity(ui.activity, { feed: view.feed, onOpen: openTransition });
      // Listen first, then load: nothing that moves in between is missed.
      closeStream = api.transitions({
        ready: scheduleRefresh,
        transition: onTransition,
        reverted: () => {
          view.feed = [];
          renderActivity(ui.activity, { feed: view.feed, onOpen: openTransition });
        },
        status: (status) => {
          onStatus(status);
          // A stream the browser gave up on was refused: an expired token is the usual cause.
          if (status === 'closed') api.machines().catch(fail);
        },
      });
      if (wanted.actor) pick(wanted.actor);
    },
    stop() {
      closeStream();
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    },
  };
}
