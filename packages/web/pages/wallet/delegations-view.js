// The delegations card. Minting delegations let another party's validator (the delegate, this
// wallet) mint that party's rewards into its coin: the delegate accepts or rejects a proposal
// and ends a delegation. Merge delegations let the validator operator merge a user's holdings:
// the user proposes one at onboarding and may withdraw it, the operator accepts or rejects.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { actionRow, cardErrors } from './action-row.js';
import { formatTime } from './format.js';
import { cardHead, empty, party, stateBadge } from './parts.js';

/**
 * @import { DelegationItem } from '@pocketnet/client/types'
 * @import { CardErrors, RowAction } from './action-row.js'
 * @import { ViewContext } from './wallet.js'
 * @import { GraphContract, WalletState } from './store.js'
 * @typedef {ViewContext & { card: CardErrors }} RowContext
 * What a minting delegation's payload tells (a proposal's is under `delegation`).
 * @typedef {{ beneficiary: string, amuletMergeLimit: string | number, expiresAt: string }} MintingTerms
 * What a merge delegation's payload tells (a proposal's is under `delegation`).
 * @typedef {{ owner: string, operator: string }} MergeTerms
 * @typedef {'accept' | 'reject' | 'withdraw' | 'end'} DelegationAction
 */

/** @type {Record<DelegationAction, string>} */
const doneWords = { accept: 'Accepted', reject: 'Rejected', withdraw: 'Withdrew', end: 'Ended' };

/**
 * @param {DelegationItem} entry
 * @param {'proposal' | 'delegation'} kind
 * @param {RowContext} ctx
 */
function mintingRow(entry, kind, ctx) {
  const contract = entry.contract;
  const payload = /** @type {MintingTerms & { delegation?: MintingTerms }} */ (contract.payload);
  const delegation = kind === 'proposal' && payload.delegation ? payload.delegation : payload;
  const what = `the minting delegation ${kind === 'proposal' ? 'proposed by' : 'of'} ${partyName(delegation.beneficiary)}`;
  const path = kind === 'proposal' ? 'minting-delegation-proposals' : 'minting-delegations';
  /** @type {(action: 'accept' | 'reject', label: string, style?: string) => RowAction} */
  const act = (action, label, style) => ({
    action,
    label,
    style,
    what,
    run: async () => {
      await ctx.api.delegationAction(path, contract.contract_id, action);
      ctx.toast(`${label === 'End' ? 'Ended' : doneWords[action]} ${what}.`);
      await ctx.store.refresh();
    },
  });
  return actionRow(
    {
      key: contract.contract_id,
      data: { contract: contract.contract_id, kind: `minting-${kind}` },
      title: ['For ', party(delegation.beneficiary)],
      details: [
        h(
          'div',
          { class: 'item-meta' },
          `Merges up to ${delegation.amuletMergeLimit} holdings · until ${formatTime(delegation.expiresAt)}`,
        ),
        entry.beneficiary_hosted
          ? null
          : h('div', { class: 'item-meta' }, 'Its party is not hosted on this validator.'),
      ],
      side: stateBadge(
        kind === 'proposal' ? 'proposed' : 'active',
        kind === 'proposal' ? 'Proposed' : 'Active',
      ),
      actions:
        kind === 'proposal'
          ? [act('accept', 'Accept', 'primary'), act('reject', 'Reject')]
          : [act('reject', 'End')],
    },
    ctx.card,
  );
}

/**
 * Per kind and role: each button's action, label, the choice it exercises and its style.
 * @type {Record<'proposal' | 'delegation', Record<'owner' | 'operator',
 *   Array<[action: DelegationAction, label: string, choice: string, style?: string]>>>}
 */
const mergeChoices = {
  proposal: {
    owner: [['withdraw', 'Withdraw', 'MergeDelegationProposal_Withdraw']],
    operator: [
      ['accept', 'Accept', 'MergeDelegationProposal_Accept', 'primary'],
      ['reject', 'Reject', 'MergeDelegationProposal_Reject'],
    ],
  },
  delegation: {
    owner: [['withdraw', 'Withdraw', 'MergeDelegation_Withdraw']],
    operator: [['end', 'End', 'MergeDelegation_Reject']],
  },
};

/**
 * @param {GraphContract} contract
 * @param {'proposal' | 'delegation'} kind
 * @param {string} me
 * @param {RowContext} ctx
 */
function mergeRow(contract, kind, me, ctx) {
  const payload = /** @type {MergeTerms & { delegation?: MergeTerms }} */ (contract.payload);
  const delegation = kind === 'proposal' && payload.delegation ? payload.delegation : payload;
  const role = delegation.owner === me ? 'owner' : 'operator';
  const what =
    role === 'owner'
      ? `your merge delegation to ${partyName(delegation.operator)}`
      : `the merge delegation of ${partyName(delegation.owner)}`;
  const actions = mergeChoices[kind][role].map(([action, label, choice, style]) => ({
    action,
    label,
    style,
    what,
    run: async () => {
      const { templateId, contractId } = contract;
      await ctx.api.exercise({ templateId, contractId, choice, party: me });
      ctx.toast(`${doneWords[action]} ${what}.`);
      await ctx.store.refresh();
    },
  }));
  return actionRow(
    {
      key: contract.contractId,
      data: { contract: contract.contractId, kind: `merge-${kind}` },
      title:
        role === 'owner'
          ? ['Merges by ', party(delegation.operator)]
          : ['For ', party(delegation.owner)],
      details: h(
        'div',
        { class: 'item-meta' },
        role === 'owner'
          ? 'Your validator merges your holdings when you have many.'
          : 'You merge this user’s holdings when it has many.',
      ),
      side: stateBadge(contract.actor?.state ?? (kind === 'proposal' ? 'proposal' : 'active'), {
        machine: 'merge-delegation',
      }),
      actions,
    },
    ctx.card,
  );
}

/**
 * Renders the delegations card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createDelegationsView(element, ctx) {
  const card = cardErrors();
  /** @type {RowContext} */
  const rowCtx = { ...ctx, card };
  const lists = {
    minting: h('ul', {
      class: 'items',
      id: 'minting-delegations',
      'aria-label': 'Minting delegations',
    }),
    merges: h('ul', { class: 'items', id: 'merge-delegations', 'aria-label': 'Merge delegations' }),
  };
  replaceChildren(
    element,
    cardHead('delegations-title', 'Delegations'),
    card.line,
    h('h3', { class: 'sub' }, 'Minting delegations'),
    h(
      'p',
      { class: 'hint' },
      'Parties that ask this wallet to mint their rewards into their coin.',
    ),
    lists.minting,
    h('h3', { class: 'sub' }, 'Merge delegations'),
    h('p', { class: 'hint' }, 'Who may merge holdings into fewer, larger ones.'),
    lists.merges,
  );
  return (state) => {
    if (!state.loaded) return;
    /** @param {string} text */
    const none = (text) => h('li', {}, empty(text));
    const minting = [
      ...(state.proposals ?? []).map((entry) => mintingRow(entry, 'proposal', rowCtx)),
      ...(state.delegations ?? []).map((entry) => mintingRow(entry, 'delegation', rowCtx)),
    ];
    replaceChildren(
      lists.minting,
      minting.length
        ? minting
        : none(
            state.proposals === null
              ? 'This validator does not offer minting delegations.'
              : 'No one has asked.',
          ),
    );
    const merges = [
      ...(state.mergeProposals ?? []).map((contract) =>
        mergeRow(contract, 'proposal', state.party, rowCtx),
      ),
      ...(state.merges ?? []).map((contract) =>
        mergeRow(contract, 'delegation', state.party, rowCtx),
      ),
    ];
    replaceChildren(lists.merges, merges.length ? merges : none('No merge delegations.'));
  };
}
