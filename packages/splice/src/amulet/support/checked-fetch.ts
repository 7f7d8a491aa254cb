import type { TransactionContext } from '@pocketnet/ledger';

// Splice's checked fetches (fetchChecked / fetchReferenceData with ForDso, ForOwner, ForRound):
// a contract given by id must belong to the expected DSO, owner or round, so that a caller
// cannot slip in a look-alike contract of another DSO.

export function requireDso(
  tx: TransactionContext,
  contract: { readonly dso: string },
  dso: string,
  contractId: string,
): void {
  if (contract.dso !== dso)
    tx.fail(`Contract ${contractId} belongs to DSO ${contract.dso}, not ${dso}`);
}

export function requireOwner(
  tx: TransactionContext,
  owner: string,
  expected: string,
  contractId: string,
): void {
  if (owner !== expected) tx.fail(`Contract ${contractId} is owned by ${owner}, not ${expected}`);
}

export function requireRound(
  tx: TransactionContext,
  contract: { readonly round: { readonly number: string } },
  round: { readonly number: string },
  contractId: string,
): void {
  if (contract.round.number !== round.number) {
    tx.fail(`Contract ${contractId} is for round ${contract.round.number}, not ${round.number}`);
  }
}
