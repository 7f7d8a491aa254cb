// LocalNet's validators (hyperledger-labs/splice cluster/compose/localnet): the SV's participant
// (the node's first, which runs the synchronizer, scan and the validator app), then the
// app-provider's and the app-user's, each behind its own JSON Ledger API port.

/** The participants `--localnet` adds beside the node's own (the SV's), in LocalNet's order. */
export const localnetParticipants = ['app-provider', 'app-user'] as const;

/** Where LocalNet serves them: the SV's APIs, then each further participant's Ledger API. */
export const localnetLayoutPorts = {
  sv: { ledger: 4975, validator: 4903 },
  scan: 4000,
  /** The validator URL of LocalNet's SDK presets (`localhost:2000/api/validator`). */
  appValidator: 2000,
  participants: { 'app-provider': 3975, 'app-user': 2975 },
} as const;
