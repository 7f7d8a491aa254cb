import type { BudgetedClient, HeldBytes, StreamBudget } from '../http/stream-budget.ts';

type Member = BudgetedClient & { bytes: number };

/**
 * One budget account for the subscribers of one shared execution. They are handed the same
 * result objects, all from the first on (a subscriber joins only an execution that has produced
 * nothing yet), so each one's backlog is a tail of the one furthest behind: together they hold
 * what that one holds, not the sum, which would count every result once per subscriber. Cut
 * off, the account drops the subscribers furthest behind and lives on with the others.
 */
export function createSharedBacklog(
  budget: Pick<StreamBudget, 'open'>,
): Pick<StreamBudget, 'open'> {
  const members = new Set<Member>();
  let account: HeldBytes | null = null;
  // The largest backlog of a member, and how many members have it: kept as members report,
  // so that the whole set is scanned only once the last of them has taken something.
  let furthest = 0;
  let atFurthest = 0;
  const slowest = (): Member | undefined => {
    let found: Member | undefined;
    for (const member of members)
      if (found === undefined || member.bytes > found.bytes) found = member;
    return found;
  };
  const rescan = () => {
    furthest = slowest()?.bytes ?? 0;
    atFurthest = 0;
    for (const member of members) if (member.bytes === furthest) atFurthest += 1;
  };
  const update = (member: Member, bytes: number) => {
    const before = member.bytes;
    member.bytes = bytes;
    if (bytes > furthest) {
      furthest = bytes;
      atFurthest = 1;
    } else if (bytes === furthest) {
      if (before !== furthest) atFurthest += 1;
    } else if (before === furthest) {
      atFurthest -= 1;
      if (atFurthest === 0) rescan();
    }
    account?.report(furthest);
  };
  const openAccount = () =>
    budget.open({
      held: () => {
        for (const member of members) member.bytes = member.held();
        rescan();
        return furthest;
      },
      // Those furthest behind hold the same results: dropping one of them alone frees nothing.
      cutOff: () => {
        const behind = [...members].filter((member) => member.bytes === furthest);
        for (const member of behind) member.cutOff();
      },
      several: true,
    });
  return {
    open(client) {
      const member: Member = { ...client, bytes: 0 };
      members.add(member);
      account ??= openAccount();
      if (furthest === 0) atFurthest += 1;
      return {
        report: (bytes) => {
          if (members.has(member)) update(member, bytes);
        },
        close: () => {
          if (!members.delete(member)) return;
          if (member.bytes === furthest) {
            atFurthest -= 1;
            if (atFurthest === 0) rescan();
          }
          if (members.size > 0) return account?.report(furthest);
          account?.close();
          account = null;
          furthest = 0;
          atFurthest = 0;
        },
      };
    },
  };
}
