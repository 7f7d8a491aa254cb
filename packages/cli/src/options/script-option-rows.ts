import type { OptionRow } from './option-table.ts';

const row = (
  flag: string,
  kind: OptionRow['kind'],
  placeholder: string | undefined,
  defaultValue: string | null,
  description: string,
): OptionRow => ({
  flag,
  env: null,
  kind,
  ...(placeholder ? { placeholder } : {}),
  defaultValue,
  description,
});

const dar = row('dar', 'string', '<file.dar>', null, 'the DAR whose scripts run (required)');
const wallClock = row(
  'wall-clock-time',
  'boolean',
  undefined,
  null,
  "the ledger's wall clock instead of static time: `sleep` waits, `setTime` is refused",
);

/** The options of `pocketnet test`. */
export const testOptionRows: readonly OptionRow[] = [
  dar,
  row('script-name', 'list', '<Module:name>', null, 'run only this script (repeatable)'),
  row(
    'package-name',
    'string',
    '<name>',
    null,
    "run the scripts of this package the DAR bundles instead of its main package's",
  ),
  row(
    'participant',
    'list',
    '<name>',
    null,
    'another participant on the node, for `allocatePartyOn` and the `…On` commands (repeatable)',
  ),
  wallClock,
];

/** The options of `pocketnet script`, as `dpm script` names them. */
export const scriptOptionRows: readonly OptionRow[] = [
  dar,
  row('script-name', 'string', '<Module:name>', null, 'the script to run (required)'),
  row('ledger-host', 'string', '<host>', 'localhost', "the node's host"),
  row('ledger-port', 'string', '<port>', '7575', "the node's JSON Ledger API port"),
  row('ledger-url', 'string', '<url>', null, 'the JSON Ledger API URL, instead of host and port'),
  row('access-token-file', 'string', '<file>', null, 'a file holding the bearer token to use'),
  row('user-id', 'string', '<user>', 'daml-script', 'the user id submissions are made as'),
  row('upload-dar', 'boolean', undefined, null, 'upload the DAR to the node first'),
  row('input-file', 'string', '<file>', null, "the script's argument, in the Ledger API's JSON"),
  row('output-file', 'string', '<file>', null, "where to write the script's result, as JSON"),
  row(
    'participant-config',
    'string',
    '<file>',
    null,
    'participants by name (JSON: default_participant, participants, party_participants), instead of one ledger',
  ),
  wallClock,
];
