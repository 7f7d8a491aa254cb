// The machines as tabs: arrow keys move between them, as a tab list does.
/** @import { MachineInfo } from '@pocketnet/client/types' */
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';

const tabSteps = new Map([
  ['ArrowDown', 1],
  ['ArrowRight', 1],
  ['ArrowUp', -1],
  ['ArrowLeft', -1],
]);

/**
 * Arrow keys, Home and End move between the tabs (for the tab list's keydown).
 * @param {KeyboardEvent & { currentTarget: Element }} event
 */
export function moveBetweenTabs(event) {
  const tabs = [...event.currentTarget.querySelectorAll('[role="tab"]')];
  const active = document.activeElement;
  const at = active === null ? -1 : tabs.indexOf(active);
  if (at < 0) return;
  const step = tabSteps.get(event.key);
  const ends = new Map([
    ['Home', 0],
    ['End', tabs.length - 1],
  ]);
  const to = step === undefined ? ends.get(event.key) : at + step;
  if (to === undefined) return;
  const tab = tabs[(to + tabs.length) % tabs.length];
  if (!(tab instanceof HTMLElement)) return;
  event.preventDefault();
  tab.focus();
}

/**
 * One tab per machine, with how many actors it has (`counts`, all and active).
 * @param {Element} container
 * @param {{ machines: readonly MachineInfo[], counts: Map<string, { all: number, active: number }>, selected: string | null, onSelect: (machine: string) => void }} how
 */
export function renderMachines(container, { machines, counts, selected, onSelect }) {
  const tabs = machines.map((machine) => {
    const count = counts.get(machine.id) ?? { all: 0, active: 0 };
    const isSelected = machine.id === selected;
    return h(
      'button',
      {
        type: 'button',
        role: 'tab',
        class: 'machine-tab',
        id: `tab-${machine.id}`,
        'aria-selected': String(isSelected),
        'aria-controls': 'chart-panel',
        tabindex: isSelected ? 0 : -1,
        dataset: { key: machine.id, machine: machine.id },
        title: machine.description,
        onClick: () => onSelect(machine.id),
      },
      h('span', { class: 'machine-name' }, machine.id),
      h(
        'span',
        { class: 'machine-count', 'aria-label': `${count.active} active of ${count.all}` },
        count.all === 0 ? '' : `${count.active}/${count.all}`,
      ),
    );
  });
  replaceChildren(container, tabs);
}
