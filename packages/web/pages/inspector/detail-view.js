// One actor: where it is, what it holds, and its history, which the replay steps through.
import { h, replaceChildren, s } from '../../ui-kit/assets/dom.js';
import { shortId } from '../../ui-kit/assets/format.js';
import { partyChip } from '../../ui-kit/assets/party.js';
import { formatTime, stateTone } from './format.js';

/**
 * @import { ActorDetail } from '@pocketnet/client/types'
 * @import { Child } from '../../ui-kit/assets/dom.js'
 * @typedef {{ step: (index: number) => void, live: () => void }} ReplayControls
 */

// Icons drawn here rather than taken from a font, which may lack the media-control glyphs.
const icons = {
  first: 'M4 3h2v10H4zM13 3v10L7 8z',
  previous: 'M11 3v10L4 8z',
  next: 'M5 3v10l7-5z',
  last: 'M3 3v10l6-5zM10 3h2v10h-2z',
};
/** @param {keyof typeof icons} name */
const icon = (name) =>
  s(
    'svg',
    { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' },
    s('path', { d: icons[name] }),
  );

/**
 * The step the replay shows: the cursor's, or the latest when following live.
 * @param {ActorDetail} detail
 * @param {number | null} cursor
 */
export function stepOf(detail, cursor) {
  const history = detail.history ?? [];
  const index = cursor === null ? history.length - 1 : Math.min(cursor, history.length - 1);
  const step = history[index];
  return step
    ? { index, state: step.to, from: step.from, transition: step }
    : { index: -1, state: detail.state, from: null, transition: null };
}

/**
 * @param {string} label
 * @param {...Child} value
 */
function field(label, ...value) {
  return [h('dt', null, label), h('dd', null, ...value)];
}

/**
 * @param {ActorDetail} detail
 */
function facts(detail) {
  return h(
    'dl',
    { class: 'facts' },
    field('Actor', h('code', { title: detail.id }, shortId(detail.id, 10))),
    detail.trackingId && field('Tracking id', h('code', null, detail.trackingId)),
    field(
      'Parties',
      detail.parties.map((party) => partyChip(party)),
    ),
    field(
      'Contracts',
      detail.contractIds.map((id) => h('code', { class: 'contract', title: id }, shortId(id))),
    ),
    field('Created', h('time', { datetime: detail.createdAt }, formatTime(detail.createdAt))),
    field('Updated', h('time', { datetime: detail.updatedAt }, formatTime(detail.updatedAt))),
  );
}

/**
 * @param {ActorDetail} detail
 * @param {number | null} cursor
 * @param {ReplayControls} on
 */
function controls(detail, cursor, on) {
  const count = detail.history.length;
  const { index } = stepOf(detail, cursor);
  /** @type {(label: Child, title: string, disabled: boolean, action: () => void, extra?: Record<string, unknown>) => HTMLButtonElement} */
  const button = (label, title, disabled, action, extra = {}) =>
    h(
      'button',
      {
        type: 'button',
        class: 'step',
        title,
        'aria-label': title,
        disabled,
        onClick: action,
        ...extra,
      },
      label,
    );
  return h(
    'div',
    { class: 'replay', role: 'group', 'aria-label': 'Replay' },
    button(icon('first'), 'First step', index <= 0, () => on.step(0)),
    button(icon('previous'), 'Previous step (←)', index <= 0, () => on.step(index - 1)),
    h(
      'span',
      { class: 'step-count', 'aria-live': 'polite' },
      count === 0 ? 'no steps' : `step ${index + 1} of ${count}`,
    ),
    button(icon('next'), 'Next step (→)', index >= count - 1, () => on.step(index + 1)),
    button(icon('last'), 'Latest step', index >= count - 1, () => on.step(count - 1)),
    button('Live', 'Follow live (L)', false, on.live, {
      class: `step live${cursor === null ? ' is-on' : ''}`,
      'aria-pressed': String(cursor === null),
    }),
  );
}

/**
 * @param {ActorDetail} detail
 * @param {number | null} cursor
 * @param {ReplayControls} on
 */
function historyList(detail, cursor, on) {
  const { index } = stepOf(detail, cursor);
  return h(
    'ol',
    { class: 'history', 'aria-label': 'History' },
    detail.history.map((step, at) =>
      h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            class: `history-step${at === index ? ' is-at' : ''}`,
            'aria-current': at === index ? 'step' : false,
            dataset: { key: `step-${at}` },
            onClick: () => on.step(at),
          },
          h(
            'span',
            { class: 'history-move' },
            step.from === null ? h('em', null, 'start') : step.from,
            ' → ',
            h('strong', null, step.to),
          ),
          h('span', { class: 'history-event' }, step.event),
          h(
            'span',
            { class: 'history-meta' },
            formatTime(step.at),
            step.offset === null ? '' : ` · offset ${step.offset}`,
            step.updateId ? ` · ${shortId(step.updateId)}` : '',
          ),
        ),
      ),
    ),
  );
}

/**
 * @param {unknown} value
 */
function json(value) {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

/**
 * The detail panel; `on.step(index)` and `on.live()` drive the replay.
 * @param {Element} container
 * @param {{ detail: ActorDetail | null, cursor: number | null, on: ReplayControls }} how
 */
export function renderDetail(container, { detail, cursor, on }) {
  if (!detail) {
    replaceChildren(
      container,
      h(
        'p',
        { class: 'placeholder' },
        'Pick an actor to see its state, its context and its history, and to replay it.',
      ),
    );
    return;
  }
  const { state } = stepOf(detail, cursor);
  replaceChildren(
    container,
    h(
      'div',
      { class: 'panel-head' },
      h(
        'h2',
        { id: 'detail-title' },
        detail.machine,
        ' ',
        h('span', { class: `badge tone-${stateTone(state)}`, id: 'detail-state' }, state),
      ),
      h(
        'span',
        { class: `status status-${detail.status}` },
        detail.status === 'done' ? 'finished' : 'active',
      ),
    ),
    facts(detail),
    controls(detail, cursor, on),
    historyList(detail, cursor, on),
    h(
      'details',
      { class: 'data', open: true },
      h('summary', null, 'Context'),
      json(detail.context),
    ),
    detail.output !== null &&
      detail.output !== undefined &&
      h(
        'details',
        { class: 'data', open: true },
        h('summary', null, 'Output'),
        json(detail.output),
      ),
  );
}
