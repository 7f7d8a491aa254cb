// How the wallet names things for people: times, members, workflows and their states.
import { partyName } from '../../ui-kit/assets/format.js';

const dateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  hour12: false,
});

/**
 * A time as the APIs give it (ISO with microseconds, or epoch milli- or microseconds) as a Date.
 * @param {string | number | null | undefined} time
 */
function dateOf(time) {
  const text = String(time ?? '');
  if (/^\d+$/.test(text)) {
    const value = Number(text);
    return new Date(value > 1e14 ? value / 1000 : value);
  }
  return new Date(text.replace(/(\.\d{3})\d+/, '$1'));
}

/**
 * A time as a local date and time.
 * @param {string | number | null | undefined} time
 */
export function formatTime(time) {
  const date = dateOf(time);
  return Number.isNaN(date.getTime()) ? String(time ?? '') : dateTime.format(date);
}

/** @type {Record<string, string | undefined>} */
const machineNames = {
  'transfer-offer': 'Transfer offer',
  'transfer-instruction': 'Token transfer',
  'transfer-preapproval': 'One-step receiving',
  'traffic-purchase': 'Traffic purchase',
  'merge-delegation': 'Merge delegation',
  'user-onboarding': 'Wallet setup',
};

/** The machines whose actors are a wallet user's workflows. */
export const walletMachines = Object.keys(machineNames);

/**
 * A synchronizer member (`PAR::participant1::1220…`) by its name, as parties are shown.
 * @param {string | null | undefined} memberId
 */
export function memberName(memberId) {
  return partyName(String(memberId ?? '').replace(/^(PAR|MED|SEQ)::/, ''));
}

/**
 * @param {string} machine
 */
export function machineName(machine) {
  return machineNames[machine] ?? machine;
}

// Words for a workflow's state, per machine; `{other}` is the counterpart's name.
/** @type {Record<string, Record<string, string | undefined> | undefined>} */
const stateWords = {
  'transfer-offer': {
    'open.created': 'Waiting for {other}',
    'open.accepted': 'Accepted, waiting for payment',
  },
  'transfer-instruction': { pending: 'Waiting for {other}' },
  'traffic-purchase': {
    created: 'Waiting to be bought',
    completed: 'Bought',
    rejected: 'Failed',
  },
  'merge-delegation': { 'open.proposal': 'Proposed', merging: 'Merging holdings' },
  'transfer-preapproval': {
    'open.proposed': 'Proposed',
    'open.active.paid': 'Active',
    'open.active.renewed': 'Renewed',
  },
  'user-onboarding': { 'open.requested': 'Setting up', onboarded: 'Ready' },
};

/**
 * A workflow state in words: the machine's own words where it has them (`other` names the
 * counterpart, `you` when the wallet is the one waited for), else the state's last segment.
 */
/**
 * @param {string} state
 * @param {{ machine?: string | undefined, other?: string | undefined }} [how]
 */
export function stateWord(state, { machine, other } = {}) {
  const text = String(state ?? '');
  const words = stateWords[machine ?? '']?.[text];
  if (words) return words.replace('{other}', other ?? 'the receiver');
  const last = text.split('.').at(-1) ?? '';
  return last.replace(/[-_]/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

// An accepted offer is not paid yet: it waits for the sender's wallet, so it is no success.
const good = /^(completed|active|onboarded|open|renewed|paid|done|delegated)$/;
const bad = /^(rejected|withdrawn|expired|failed|cancelled|canceled|aborted|archived)$/;

/**
 * A colour family for a state: `good`, `bad` or `neutral`.
 * @param {string | null | undefined} state
 * @returns {'good' | 'bad' | 'neutral'}
 */
export function stateTone(state) {
  const last =
    String(state ?? '')
      .split('.')
      .at(-1) ?? '';
  if (bad.test(last)) return 'bad';
  if (good.test(last)) return 'good';
  return 'neutral';
}
