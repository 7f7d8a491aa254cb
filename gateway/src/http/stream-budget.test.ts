import { describe, expect, it } from 'vitest';
import { createStreamBudget, type HeldBytes } from './stream-budget.ts';

/** A client whose held bytes the test sets, as a socket's buffer would change. */
function clientOf(budget: ReturnType<typeof createStreamBudget>, name: string, cut: string[]) {
  let bytes = 0;
  const held: HeldBytes = budget.open({
    held: () => bytes,
    cutOff: () => {
      cut.push(name);
      bytes = 0;
    },
  });
  return {
    /** Holds `next` bytes and says so, as a stream does right after a write. */
    hold(next: number) {
      bytes = next;
      held.report(next);
    },
    /** Holds `next` bytes without saying so, as a socket that writes out in the background. */
    changeSilently(next: number) {
      bytes = next;
    },
    close: () => held.close(),
  };
}

describe('the stream budget', () => {
  it('cuts off the client holding the most, then the next, until the total is under it', () => {
    const budget = createStreamBudget(1000);
    const cut: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => clientOf(budget, name, cut));
    a?.hold(400);
    b?.hold(350);
    c?.hold(250);
    expect(cut).toEqual([]);
    c?.hold(900);
    expect(cut).toEqual(['c']);
    expect(budget.stats()).toEqual({ heldBytes: 750, peakHeldBytes: 1650, budgetCutOffs: 1 });
  });

  it('cuts as many as it takes, largest first, by what each holds when it looks', () => {
    const budget = createStreamBudget(1000);
    const cut: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => clientOf(budget, name, cut));
    a?.hold(200);
    b?.hold(210);
    c?.hold(220);
    // More than they said: cutting the largest alone would not bring the total under.
    a?.changeSilently(500);
    b?.changeSilently(450);
    d?.hold(400);
    expect(cut).toEqual(['a', 'b']);
    expect(budget.stats().heldBytes).toBe(620);
  });

  it('reads every client afresh before cutting: a stale report cuts no one', () => {
    const budget = createStreamBudget(1000);
    const cut: string[] = [];
    const fast = clientOf(budget, 'fast', cut);
    const slow = clientOf(budget, 'slow', cut);
    fast.hold(800);
    fast.changeSilently(0);
    slow.hold(600);
    expect(cut).toEqual([]);
    expect(budget.stats()).toMatchObject({ heldBytes: 600, budgetCutOffs: 0 });
  });

  it('forgets a client that has gone, and what it held', () => {
    const budget = createStreamBudget(1000);
    const cut: string[] = [];
    const gone = clientOf(budget, 'gone', cut);
    const other = clientOf(budget, 'other', cut);
    gone.hold(900);
    gone.close();
    gone.hold(900);
    other.hold(900);
    expect(cut).toEqual([]);
    expect(budget.stats().heldBytes).toBe(900);
  });

  it('ignores what a client cut off reports while it is cut', () => {
    const budget = createStreamBudget(100);
    const cut: string[] = [];
    let bytes = 0;
    const held = budget.open({
      held: () => bytes,
      // Cutting it off writes one more message to it, as the Ledger API's cut-off does.
      cutOff: () => {
        cut.push('loud');
        held.report(bytes + 50);
      },
    });
    bytes = 150;
    held.report(150);
    expect(cut).toEqual(['loud']);
    expect(budget.stats()).toMatchObject({ heldBytes: 0, budgetCutOffs: 1 });
  });
});
