// The latest transitions of every actor the user may see, newest first.
/** @import { ActorTransition } from '@pocketnet/client/types' */
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { shortId } from '../../ui-kit/assets/format.js';
import { formatTime } from './format.js';

export const activityLimit = 40;

/**
 * Adds a transition to the feed, dropping the oldest beyond the limit.
 * @param {ActorTransition[]} feed
 * @param {ActorTransition} transition
 * @returns {ActorTransition[]}
 */
export function remember(feed, transition) {
  return [transition, ...feed].slice(0, activityLimit);
}

/**
 * @param {Element} list
 * @param {{ feed: readonly ActorTransition[], onOpen: (transition: ActorTransition) => void }} how
 */
export function renderActivity(list, { feed, onOpen }) {
  const rows = feed.map((transition) =>
    h(
      'li',
      null,
      h(
        'button',
        {
          type: 'button',
          class: 'activity-item',
          dataset: { key: `${transition.actorId}-${transition.at}-${transition.to}` },
          onClick: () => onOpen(transition),
        },
        h('time', { datetime: transition.at }, formatTime(transition.at)),
        h('span', { class: 'activity-machine' }, transition.machine),
        h(
          'span',
          { class: 'activity-move' },
          transition.from ?? 'start',
          ' → ',
          h('strong', null, transition.to),
        ),
        h(
          'span',
          { class: 'activity-actor', title: transition.actorId },
          shortId(transition.actorId),
        ),
      ),
    ),
  );
  replaceChildren(
    list,
    rows.length > 0
      ? rows
      : h('li', { class: 'empty' }, 'Transitions appear here as the ledger moves.'),
  );
}
