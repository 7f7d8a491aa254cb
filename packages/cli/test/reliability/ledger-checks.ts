import { expect } from 'vitest';
import { everythingOf, ok, type UpdateMessage, updatesRequest } from './network-http.ts';
import type { Outcome } from './resubmitting-clients.ts';

export const traderUser = 'trader';

export async function allocateParty(base: string, hint: string): Promise<string> {
  const body = await ok<{ partyDetails: { party: string } }>(base, '/v2/parties', {
    body: { partyIdHint: hint },
  });
  return body.partyDetails.party;
}

/** A user acting as `parties` (through the writer: user administration is forwarded). */
export async function createTrader(base: string, parties: readonly string[]): Promise<void> {
  const rights = parties.map((party) => ({ kind: { CanActAs: { value: { party } } } }));
  await ok(base, '/v2/users', {
    body: { user: { id: traderUser, primaryParty: parties[0] ?? '' }, rights },
  });
}

/** The submit-and-wait body creating one Iou whose currency is the command id. */
export function iouSubmission(issuer: string, owner: string, commandId: string, amount: string) {
  return {
    commandId,
    body: {
      commandId,
      userId: traderUser,
      actAs: [issuer, owner],
      commands: [
        {
          CreateCommand: {
            templateId: '#pocketnet-examples:Iou:Iou',
            createArguments: { issuer, owner, amount, currency: commandId, observers: [] },
          },
        },
      ],
    },
  };
}

export const ledgerEndOf = async (base: string) =>
  (await ok<{ offset: number }>(base, '/v2/state/ledger-end')).offset;

export const updatesOf = (base: string, parties: readonly string[], end: number) =>
  ok<UpdateMessage[]>(base, '/v2/updates', {
    user: traderUser,
    body: updatesRequest(parties, 0, end),
  });

export const activeContractsOf = (base: string, parties: readonly string[], end: number) =>
  ok<unknown[]>(base, '/v2/state/active-contracts', {
    user: traderUser,
    body: { activeAtOffset: end, eventFormat: everythingOf(parties) },
  });

/**
 * The laws of a run of resubmitted commands: every offset from 1 to the end is there once,
 * every command committed exactly once, as the update its client was told about.
 */
export function expectExactlyOnce(
  updates: readonly UpdateMessage[],
  outcomes: ReadonlyMap<string, Outcome>,
  end: number,
): void {
  const offsets = updates.map(
    ({ update }) =>
      update.Transaction?.value.offset ?? update.TopologyTransaction?.value.offset ?? Number.NaN,
  );
  expect(offsets).toEqual(Array.from({ length: end }, (_, index) => index + 1));
  const transactions = updates.flatMap(({ update }) =>
    update.Transaction ? [update.Transaction.value] : [],
  );
  const byCommand = new Map(transactions.map((tx) => [tx.commandId, tx]));
  expect(byCommand.size).toBe(transactions.length);
  expect(transactions.length).toBe(outcomes.size);
  for (const [commandId, outcome] of outcomes) {
    expect(byCommand.get(commandId), commandId).toMatchObject({
      updateId: outcome.updateId,
      offset: outcome.offset,
    });
  }
}
