import { type ParticipantState, participantNamespace } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import type { WalletAccess } from '../wallet/wallet-access.ts';

export type NodeIdentities = {
  readonly id: string;
  readonly keys: readonly {
    readonly type: 'signing';
    readonly keyId: string;
    readonly name: string;
  }[];
  /** Base64 of the participant's own topology: the parties it hosts, as JSON. */
  readonly authorizedStoreSnapshot: string;
  readonly version: string;
};

export type SequencerConnections = {
  readonly connections: readonly {
    readonly sequencerAlias: string;
    readonly endpoints: readonly string[];
    readonly transportSecurity: boolean;
  }[];
  readonly sequencerTrustThreshold: number;
  readonly sequencerLivenessMargin: number;
  readonly submissionRequestAmplification: {
    readonly factor: number;
    readonly patienceSeconds: number;
  };
};

/**
 * What the validator operator may ask of its node for support: the participant's identity
 * (its namespace key is named by fingerprint; no key material leaves the node, as with a KMS)
 * and how it is connected to the global synchronizer, which here is in process.
 */
export function createValidatorIdentity(deps: {
  readonly access: WalletAccess;
  readonly participant: ParticipantState;
  readonly synchronizer: { readonly id: string; readonly alias: string };
  readonly version: string;
}) {
  const { access, participant } = deps;
  const service = {
    identities(caller: Caller): NodeIdentities {
      access.requireAdmin(caller);
      const hosted = [...participant.parties.values()]
        .filter((party) => party.isLocal)
        .map((party) => party.party)
        .sort();
      const snapshot = { participantId: participant.participantId, hostedParties: hosted };
      return {
        id: participant.participantId,
        keys: [
          {
            type: 'signing',
            keyId: participantNamespace(participant.participantId),
            name: 'namespace',
          },
        ],
        authorizedStoreSnapshot: Buffer.from(JSON.stringify(snapshot)).toString('base64'),
        version: deps.version,
      };
    },
    connectionConfig(caller: Caller): SequencerConnections {
      access.requireAdmin(caller);
      return {
        connections: [
          {
            sequencerAlias: deps.synchronizer.alias,
            endpoints: [`in-process://${deps.synchronizer.id}`],
            transportSecurity: false,
          },
        ],
        sequencerTrustThreshold: 1,
        sequencerLivenessMargin: 0,
        submissionRequestAmplification: { factor: 1, patienceSeconds: 10 },
      };
    },
  };
  return service satisfies ValidatorIdentity;
}

export interface ValidatorIdentity {
  identities(caller: Caller): NodeIdentities;
  connectionConfig(caller: Caller): SequencerConnections;
}
