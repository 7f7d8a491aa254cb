// Reasons our Splice lacks or changes something of Splice's, shared by the templates that list
// them as known differences (see tied-to-splice.ts).

export const governanceNotModelled =
  'votes, elections and config changes are governance, which a one-SV devnet does not model';

export const rewardsV2NotModelled =
  'reward accounting V2 and the development fund are not modelled (splice-amulet 0.1.20 keeps V1 rewards running)';

export const onlyConfirmedActions =
  "our DsoRules confirms only the actions a one-SV devnet's automation runs by confirmation";

export const livenessTotalKept =
  "splice-amulet 0.1.20's OpenMiningRoundSummary has no liveness total; ours takes one (None unless set), and the runtime sends it only where the package has it";

export const allocationsNotSwept =
  'our DSO automation does not sweep expired allocations; their senders withdraw them';
