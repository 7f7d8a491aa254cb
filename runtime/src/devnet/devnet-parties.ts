import {
  createNamespaceFingerprint,
  createPartyId,
  type ParticipantState,
  type TopologyRecord,
} from '@pocketnet/ledger';

/** The parties a devnet starts with; the same seed gives the same ids on every machine. */
export type DevnetParties = {
  readonly dso: string;
  readonly sv: string;
  readonly validatorOperator: string;
};

// A validator names its operator party after its wallet user: Splice keeps [a-zA-Z0-9:- ],
// doubles `_` and escapes anything else as `_%04x`.
export function partyHintOfUser(userId: string): string {
  return [...userId]
    .map((character) => {
      if (/[a-zA-Z0-9:\- ]/.test(character)) return character;
      if (character === '_') return '__';
      return `_${(character.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`;
    })
    .join('');
}

export function devnetParties(options: {
  participantId: string;
  seed: string;
  validatorWalletUser: string;
}): DevnetParties {
  const namespace = options.participantId.slice(options.participantId.indexOf('::') + 2);
  return {
    // The DSO has a namespace of its own, as on the real network.
    dso: createPartyId('DSO', createNamespaceFingerprint(`dso:${options.seed}`)),
    sv: createPartyId('sv1', namespace),
    validatorOperator: createPartyId(partyHintOfUser(options.validatorWalletUser), namespace),
  };
}

/** Hosts the devnet's parties on this participant, as one topology update. */
export function hostDevnetParties(parties: DevnetParties, context: { synchronizerId: string }) {
  return (
    state: ParticipantState,
    offset: number,
    updateId: string,
    recordTime: string,
  ): TopologyRecord => ({
    type: 'topology',
    offset,
    updateId,
    synchronizerId: context.synchronizerId,
    recordTime,
    participantId: state.participantId,
    parties: [parties.dso, parties.sv, parties.validatorOperator],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  });
}
