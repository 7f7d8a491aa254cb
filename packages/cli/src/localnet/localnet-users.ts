import { type PocketnetNode, unrestrictedCaller } from '@pocketnet/runtime';
import { appProviderUsers, appUserUsers } from './localnet-realms.ts';

/**
 * LocalNet's validator users: `ledger-api-user` (its name with the `unsafe` secret) and each
 * realm's validator service account (its id with Keycloak's tokens), participant admins acting
 * as the validator operator, as LocalNet gives them. Created once: the journal keeps them.
 */
export async function provisionLocalnetUsers(node: PocketnetNode, operator: string | null) {
  const ids = ['ledger-api-user', appProviderUsers.validatorUserId, appUserUsers.validatorUserId];
  for (const id of ids) {
    if (node.participant.users.has(id)) continue;
    await node.admin.createUser(unrestrictedCaller, {
      user: { id, primaryParty: operator ?? '' },
      rights: [
        { kind: 'ParticipantAdmin' },
        ...(operator ? [{ kind: 'CanActAs' as const, party: operator }] : []),
      ],
    });
  }
}
