// The workflows card: every workflow of the wallet that is still under way, with the state its
// actor is in, and the ones that ended most recently with how they ended.
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { formatTime, machineName, memberName } from './format.js';
import { amount, cardHead, empty, stateBadge } from './parts.js';

/**
 * @import { WalletState, WorkflowActor } from './store.js'
 */

const recentlyEnded = 5;

/**
 * What a workflow is about, in a few words, from its actor's context.
 * @param {WorkflowActor} actor
 * @param {string} me
 * @returns {[words: string, value?: string | undefined]}
 */
function summaryOf(actor, me) {
  const context = actor.context ?? {};
  /** @type {(sender: string | undefined, receiver: string | undefined) => string} */
  const counterpart = (sender, receiver) =>
    sender === me ? `to ${partyName(receiver)}` : `from ${partyName(sender)}`;
  switch (actor.machine) {
    case 'transfer-offer':
    case 'transfer-instruction':
      return [counterpart(context.sender, context.receiver), context.amount];
    case 'traffic-purchase':
      return [
        `${Number(context.trafficAmount ?? 0).toLocaleString()} bytes for ${memberName(context.memberId)}`,
      ];
    case 'merge-delegation':
      return [`${partyName(context.owner)} → ${partyName(context.operator)}`];
    case 'transfer-preapproval':
      return [`provided by ${partyName(context.provider)}`];
    default:
      return [''];
  }
}

/**
 * The counterpart a workflow waits for, as its state's words name it.
 * @param {WorkflowActor} actor
 * @param {string} me
 */
function otherOf(actor, me) {
  const { receiver } = actor.context ?? {};
  if (receiver === undefined) return undefined;
  return receiver === me ? 'you' : partyName(receiver);
}

/**
 * @param {WorkflowActor} actor
 * @param {string} me
 */
function rowOf(actor, me) {
  const [words, value] = summaryOf(actor, me);
  return h(
    'li',
    { class: 'item', dataset: { actor: actor.id, machine: actor.machine, state: actor.state } },
    h(
      'div',
      { class: 'item-main' },
      h(
        'div',
        { class: 'item-title' },
        machineName(actor.machine),
        ' ',
        h('span', { class: 'muted' }, words),
      ),
      h(
        'div',
        { class: 'item-meta' },
        `Updated ${formatTime(actor.updatedAt)} · `,
        h(
          'a',
          {
            href: `/inspect#${new URLSearchParams({ machine: actor.machine, actor: actor.id })}`,
            'aria-label': `The state machine of this ${machineName(actor.machine).toLowerCase()}`,
          },
          'state machine',
        ),
      ),
    ),
    h(
      'div',
      { class: 'item-side' },
      value ? amount(value) : null,
      stateBadge(actor.state, { machine: actor.machine, other: otherOf(actor, me) }),
    ),
  );
}

/**
 * Renders the workflows card into `element`.
 * @param {HTMLElement} element
 * @returns {(state: WalletState) => void}
 */
export function createWorkflowsView(element) {
  const active = h('ul', { class: 'items', id: 'workflows-active', 'aria-label': 'Under way' });
  const ended = h('ul', { class: 'items', id: 'workflows-ended', 'aria-label': 'Ended lately' });
  replaceChildren(
    element,
    cardHead('workflows-title', 'Workflows'),
    h('h3', { class: 'sub' }, 'Under way'),
    active,
    h('h3', { class: 'sub' }, 'Ended lately'),
    ended,
  );
  return (state) => {
    if (!state.loaded) return;
    const newestFirst = [...(state.actors ?? [])].sort((a, b) =>
      a.updatedAt < b.updatedAt ? 1 : -1,
    );
    /** @type {(actors: readonly WorkflowActor[], none: string) => Element | Element[]} */
    const rows = (actors, none) =>
      actors.length ? actors.map((actor) => rowOf(actor, state.party)) : h('li', {}, empty(none));
    replaceChildren(
      active,
      rows(
        newestFirst.filter((a) => a.status === 'active' && a.machine !== 'user-onboarding'),
        'Nothing is under way.',
      ),
    );
    replaceChildren(
      ended,
      rows(
        newestFirst.filter((a) => a.status === 'done').slice(0, recentlyEnded),
        'Nothing has ended yet.',
      ),
    );
  };
}
