// The live actors of the chosen machine: filters by state, status and text, and a list that the
// arrow keys walk through.
/** @import { ActorSummary } from '@pocketnet/client/types' */
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName, shortId } from '../../ui-kit/assets/format.js';
import { formatTime, stateTone } from './format.js';

/**
 * Per machine: how many actors it has, and how many of them are active.
 * @param {readonly ActorSummary[]} actors
 * @returns {Map<string, { all: number, active: number }>}
 */
export function countByMachine(actors) {
  const counts = new Map();
  for (const actor of actors) {
    const count = counts.get(actor.machine) ?? { all: 0, active: 0 };
    const active = actor.status === 'active' ? 1 : 0;
    counts.set(actor.machine, { all: count.all + 1, active: count.active + active });
  }
  return counts;
}

/**
 * Per state: how many of `actors` are in it.
 * @param {readonly ActorSummary[]} actors
 * @returns {Map<string, number>}
 */
export function countByState(actors) {
  const counts = new Map();
  for (const actor of actors) counts.set(actor.state, (counts.get(actor.state) ?? 0) + 1);
  return counts;
}

/**
 * The actors that pass the filters: state, status (`active`/`done`) and free text.
 * @param {readonly ActorSummary[]} actors
 * @param {{ machine: string | null, state: string, status: string, text: string }} filters
 */
export function filterActors(actors, { machine, state, status, text }) {
  const needle = text.trim().toLowerCase();
  return actors.filter((actor) => {
    if (actor.machine !== machine) return false;
    if (state && actor.state !== state) return false;
    if (status && actor.status !== status) return false;
    if (!needle) return true;
    const haystack = [
      actor.id,
      actor.state,
      actor.trackingId ?? '',
      ...actor.parties,
      ...actor.contractIds,
    ];
    return haystack.some((value) => value.toLowerCase().includes(needle));
  });
}

const actorSteps = new Map([
  ['ArrowDown', 1],
  ['ArrowUp', -1],
  ['j', 1],
  ['k', -1],
]);

/**
 * Arrow keys (and j/k) walk the list (for the list's keydown).
 * @param {KeyboardEvent & { currentTarget: Element }} event
 */
export function moveBetweenActors(event) {
  const step = actorSteps.get(event.key);
  if (step === undefined) return;
  const items = [...event.currentTarget.querySelectorAll('button.actor')];
  const active = document.activeElement;
  const at = active === null ? -1 : items.indexOf(active);
  const next = items[Math.min(items.length - 1, Math.max(0, at + step))];
  if (!(next instanceof HTMLElement)) return;
  event.preventDefault();
  next.focus();
}

/**
 * The state filter's options, each with how many of the machine's actors are in it.
 * @param {HTMLSelectElement} select
 * @param {{ states: readonly string[], counts: Map<string, number>, selected: string | null }} options
 */
export function renderStateOptions(select, { states, counts, selected }) {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const options = [h('option', { value: '' }, `All states (${total})`)].concat(
    states.map((state) =>
      h(
        'option',
        { value: state, selected: state === selected },
        `${state} (${counts.get(state) ?? 0})`,
      ),
    ),
  );
  select.replaceChildren(...options);
  select.value = selected ?? '';
}

/**
 * @param {ActorSummary} actor
 * @param {string | null} picked
 * @param {(actorId: string) => void} onPick
 */
function actorRow(actor, picked, onPick) {
  const parties = actor.parties.map(partyName).join(', ');
  return h(
    'li',
    null,
    h(
      'button',
      {
        type: 'button',
        class: `actor${actor.id === picked ? ' is-picked' : ''}`,
        'aria-pressed': String(actor.id === picked),
        dataset: { key: actor.id, actorId: actor.id },
        onClick: () => onPick(actor.id),
      },
      h('span', { class: `badge tone-${stateTone(actor.state)}` }, actor.state),
      h('span', { class: 'actor-id', title: actor.id }, actor.trackingId ?? shortId(actor.id)),
      h('span', { class: 'actor-parties', title: actor.parties.join('\n') }, parties || '—'),
      h('time', { class: 'actor-time', datetime: actor.updatedAt }, formatTime(actor.updatedAt)),
    ),
  );
}

/**
 * The list itself; `picked` is the actor shown in the detail panel.
 * @param {Element} list
 * @param {{ actors: readonly ActorSummary[], picked: string | null, onPick: (actorId: string) => void, emptyText: string }} how
 */
export function renderActorList(list, { actors, picked, onPick, emptyText }) {
  const rows = [...actors]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))
    .map((actor) => actorRow(actor, picked, onPick));
  replaceChildren(list, rows.length > 0 ? rows : h('li', { class: 'empty' }, emptyText));
}
