import { type ParticipantNode, type PocketnetNode, unrestrictedCaller } from '@pocketnet/runtime';
import { appProviderUsers, appUserUsers } from './localnet-realms.ts';

type LocalnetUser = { readonly id: string; readonly operator: string | null };

/**
 * LocalNet's validator users, each on its own participant: `ledger-api-user` (its name with the
 * `unsafe` secret) on every one, and each realm's validator service account (its id with
 * Keycloak's tokens) on its realm's participant, all participant admins acting as that
 * participant's validator operator (the SV's, or the app validator's). Created once: the
 * journal keeps them.
 */
export async function provisionLocalnetUsers(node: PocketnetNode, operator: string | null) {
  const [sv, provider, user] = node.participants;
  if (!sv || !provider || !user) throw new Error('--localnet runs three participants');
  const operatorOf = (participant: ParticipantNode) =>
    node.validatorApps.find((app) => app.participant === participant)?.operator ?? null;
  const ledgerApiUser = 'ledger-api-user';
  await provision(sv, [{ id: ledgerApiUser, operator }]);
  await provision(provider, [
    { id: ledgerApiUser, operator: operatorOf(provider) },
    { id: appProviderUsers.validatorUserId, operator: operatorOf(provider) },
  ]);
  await provision(user, [
    { id: ledgerApiUser, operator: operatorOf(user) },
    { id: appUserUsers.validatorUserId, operator: operatorOf(user) },
  ]);
}

async function provision(participant: ParticipantNode, users: readonly LocalnetUser[]) {
  for (const { id, operator } of users) {
    if (participant.participant.users.has(id)) continue;
    await participant.admin.createUser(unrestrictedCaller, {
      user: { id, primaryParty: operator ?? '' },
      rights: [
        { kind: 'ParticipantAdmin' },
        ...(operator ? [{ kind: 'CanActAs' as const, party: operator }] : []),
      ],
    });
  }
}
