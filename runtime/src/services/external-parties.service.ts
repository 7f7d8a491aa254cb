import type {
  AllocateExternalParty,
  ExternalParty,
  ExternalPartyOperations,
  GenerateExternalPartyTopology,
} from '@pocketnet/ledger';
import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import { accessOf, type Caller } from './caller.ts';

const permissionDenied = (message: string) => new DomainError('PERMISSION_DENIED', message);

/**
 * External parties through the Ledger API: anyone authenticated may have topology generated;
 * allocating needs ParticipantAdmin, the identity provider's admin, or to be the user named to
 * receive the rights (Canton's rule for AllocateExternalParty).
 */
export function createExternalParties(deps: {
  readonly participant: ParticipantState;
  readonly operations: ExternalPartyOperations;
}) {
  const { operations } = deps;
  const service = {
    generateTopology(caller: Caller, request: GenerateExternalPartyTopology) {
      accessOf(caller, deps.participant);
      return operations.generateTopology(request);
    },
    async allocate(caller: Caller, request: AllocateExternalParty) {
      const access = accessOf(caller, deps.participant);
      const provider = request.identityProviderId ?? '';
      const allowed =
        access.isAdmin ||
        access.administeredIdentityProvider === provider ||
        (access.userId !== null && access.userId === request.userId);
      if (!allowed) {
        throw permissionDenied(
          'Allocating an external party needs ParticipantAdmin, the identity provider admin right, or to be the user named in user_id',
        );
      }
      return operations.allocate(request);
    },
    /** The signing keys of an external party hosted here (any authenticated caller may read them). */
    signingKeys(caller: Caller, party: string): ExternalParty {
      accessOf(caller, deps.participant);
      const keys = operations.keysOf(party);
      if (keys === undefined) {
        throw new DomainError(
          'PARTY_NOT_FOUND',
          `Party ${party} is not an external party hosted here`,
          {
            details: { party },
          },
        );
      }
      return keys;
    },
  };
  return service satisfies ExternalParties;
}

export interface ExternalParties {
  generateTopology(
    caller: Caller,
    request: GenerateExternalPartyTopology,
  ): {
    partyId: string;
    publicKeyFingerprint: string;
    topologyTransactions: string[];
    multiHash: string;
  };
  allocate(
    caller: Caller,
    request: AllocateExternalParty,
  ): Promise<{
    partyId: string;
  }>;
  /** The signing keys of an external party hosted here (any authenticated caller may read them). */
  signingKeys(caller: Caller, party: string): ExternalParty;
}
