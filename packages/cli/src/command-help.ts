import { helpOfRows, type OptionRow } from './options/option-table.ts';
import { scriptOptionRows, testOptionRows } from './options/script-option-rows.ts';
import { startOptionRows } from './options/start-option-rows.ts';
import { tokenOptionRows } from './options/token-option-rows.ts';
import { codegenOptionRows, spliceDarsOptionRows } from './options/tool-option-rows.ts';

export type CommandName =
  | 'start'
  | 'writer'
  | 'gateway'
  | 'worker'
  | 'token'
  | 'test'
  | 'script'
  | 'splice-dars'
  | 'codegen';

type CommandHelp = {
  readonly summary: string;
  readonly usage: string;
  readonly rows: readonly OptionRow[];
};

const scaledOut =
  'The roles of a scaled-out network meet in REDIS_URL (docs/scale-out.md); they take the start options.';

export const commandHelp: Readonly<Record<CommandName, CommandHelp>> = {
  start: {
    summary: 'run the whole node: Ledger API, Scan, validator and wallet, automations, GraphQL',
    usage: 'pocketnet start [options]        (from a clone: npm start -- [options])',
    rows: startOptionRows,
  },
  writer: {
    summary: `the one writer of a scaled-out network. ${scaledOut}`,
    usage: 'pocketnet writer [options]',
    rows: startOptionRows,
  },
  gateway: {
    summary: `a stateless API replica of a scaled-out network. ${scaledOut}`,
    usage: 'pocketnet gateway [options]',
    rows: startOptionRows,
  },
  worker: {
    summary: `an automation worker of a scaled-out network. ${scaledOut}`,
    usage: 'pocketnet worker [options]',
    rows: startOptionRows,
  },
  token: {
    summary: 'print an HS256 dev token for a user, for a node started with --auth hs256',
    usage: 'pocketnet token --user <user> [options]   (npm run pocketnet -- token --user alice)',
    rows: tokenOptionRows,
  },
  'splice-dars': {
    summary: "fetch a Splice release's DARs into the cache, for start --splice-dars <version>",
    usage: 'pocketnet splice-dars fetch --version <version> [--from <url|dir>]',
    rows: spliceDarsOptionRows,
  },
  codegen: {
    summary: "write TypeScript types for a DAR's templates, choices and data types",
    usage: 'pocketnet codegen --dar <file.dar> [--out <file.ts>]',
    rows: codegenOptionRows,
  },
  test: {
    summary:
      'run every Daml Script of a DAR on an in-memory node, as dpm test does; exit 1 when one fails',
    usage: 'pocketnet test --dar <file.dar> [options]',
    rows: testOptionRows,
  },
  script: {
    summary:
      'run one Daml Script against a running node over its JSON Ledger API, as dpm script does',
    usage: 'pocketnet script --dar <file.dar> --script-name <Module:name> [options]',
    rows: scriptOptionRows,
  },
};

/** The prefix of a command's one-line refusals: `pocketnet` for start, as users type it. */
export const prefixOf = (command: CommandName) =>
  command === 'start' ? 'pocketnet' : `pocketnet ${command}`;

/** What `pocketnet <command> --help` prints. */
export function helpOf(command: CommandName): string {
  const { summary, usage, rows } = commandHelp[command];
  const help: OptionRow = {
    flag: 'help',
    env: null,
    kind: 'boolean',
    defaultValue: null,
    description: 'print this help (-h too)',
  };
  return `pocketnet ${command}: ${summary}\n\nUsage: ${usage}\n\nOptions (a flag wins over its variable):\n${helpOfRows([...rows, help])}\n`;
}

/** What `pocketnet --help` (or no command) prints. */
export function usageOfCommands(): string {
  const names = Object.keys(commandHelp) as CommandName[];
  const width = Math.max(...names.map((name) => name.length)) + 2;
  return [
    'pocketnet: a Canton-Network-style node in one process',
    '',
    'Usage: pocketnet <command> [options]   (from a clone: npm start, npm run pocketnet -- <command>)',
    '',
    'Commands:',
    ...names.map((name) => `  ${name.padEnd(width)}${commandHelp[name].summary.split('. ')[0]}`),
    '',
    "pocketnet <command> --help lists a command's options.",
    '',
  ].join('\n');
}
