// The holdings card: each amulet the wallet holds (its UTXOs), what it is worth now after holding
// fees, and the locked ones with who holds the lock.
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName, shortId } from '../../ui-kit/assets/format.js';
import { formatTime } from './format.js';
import { amount, cardHead, empty } from './parts.js';

/**
 * @import { WalletState } from './store.js'
 * @import { AmuletPosition } from '@pocketnet/client/types'
 */

/**
 * What a holding's payload tells: an Amulet's amount, or a LockedAmulet's amulet and lock.
 * @typedef {{ amount?: { initialAmount?: string } }} AmuletPayload
 * @typedef {AmuletPayload & {
 *   amulet?: AmuletPayload,
 *   lock?: { holders?: string[], expiresAt?: string },
 * }} HoldingPayload
 */

/**
 * @param {AmuletPosition} position
 * @param {boolean} locked
 */
function holdingRow(position, locked) {
  const contract = position.contract.contract;
  const payload = /** @type {HoldingPayload} */ (contract.payload);
  const coinPart = locked ? payload.amulet : payload;
  const lock = locked ? payload.lock : null;
  return h(
    'li',
    { class: 'item', dataset: { contract: contract.contract_id } },
    h(
      'div',
      { class: 'item-main' },
      h(
        'div',
        { class: 'item-title mono', title: contract.contract_id },
        shortId(contract.contract_id, 8),
      ),
      h(
        'div',
        { class: 'item-meta' },
        `Created in round ${position.round} with `,
        amount(coinPart?.amount?.initialAmount ?? '0'),
        ' · holding fee so far ',
        amount(position.accrued_holding_fee),
      ),
      lock
        ? h(
            'div',
            { class: 'item-meta' },
            `Locked for ${(lock.holders ?? []).map(partyName).join(', ')} until ${formatTime(lock.expiresAt)}`,
          )
        : null,
    ),
    h('div', { class: 'item-side' }, amount(position.effective_amount)),
  );
}

/**
 * Renders the holdings card into `element`.
 * @param {HTMLElement} element
 * @returns {(state: WalletState) => void}
 */
export function createHoldingsView(element) {
  const unlocked = h('ul', { class: 'items', id: 'holdings-unlocked', 'aria-label': 'Holdings' });
  const locked = h('ul', {
    class: 'items',
    id: 'holdings-locked',
    'aria-label': 'Locked holdings',
  });
  const count = h('span', { class: 'muted', id: 'holdings-count' });
  replaceChildren(
    element,
    cardHead('holdings-title', 'Holdings', count),
    unlocked,
    h('h3', { class: 'sub' }, 'Locked'),
    locked,
  );
  return (state) => {
    if (!state.loaded) return;
    /** @type {(positions: readonly AmuletPosition[], isLocked: boolean, none: string) => Element | Element[]} */
    const rows = (positions, isLocked, none) =>
      positions.length
        ? positions.map((position) => holdingRow(position, isLocked))
        : h('li', {}, empty(none));
    const { holdings = [], lockedHoldings = [] } = state;
    replaceChildren(unlocked, rows(holdings, false, 'You hold no coin yet.'));
    replaceChildren(locked, rows(lockedHoldings, true, 'None of your coin is locked.'));
    const total = holdings.length + lockedHoldings.length;
    count.textContent = `${total} ${total === 1 ? 'holding' : 'holdings'}`;
  };
}
