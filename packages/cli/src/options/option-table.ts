import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { StartOptionError } from '../start-option-error.ts';

/**
 * One option of a command, written once: the parser, `--help` and the docs' options table are
 * all made from these rows. A row without a flag is read from its environment variable alone.
 */
export type OptionRow = {
  /** The flag without its dashes (`port` for `--port`), or null for a variable alone. */
  readonly flag: string | null;
  /** The environment variable standing for it when the flag is not given. */
  readonly env: string | null;
  /** `list`: a string flag that may be repeated. */
  readonly kind: 'string' | 'boolean' | 'list';
  /** What `--help` shows after the flag (`<port>`). */
  readonly placeholder?: string;
  /** The value when neither flag nor variable is given (null: none). */
  readonly defaultValue: string | null;
  readonly description: string;
  /** Why a given value is refused (`use e.g. 10m, 30s`), or null when it is good. */
  readonly check?: (text: string) => string | null;
};

/** Where a value came from, which a refusal names. */
export type Given = {
  readonly text: string;
  readonly row: OptionRow;
  readonly from: 'flag' | 'env' | 'default';
};

/** The key a row's value is found under: its flag, or its variable. */
export const keyOf = (row: OptionRow): string => row.flag ?? row.env ?? '';

const labelOf = (row: OptionRow): string => (row.flag ? `--${row.flag}` : (row.env ?? ''));

/** `invalid --port 99999 (from POCKETNET_PORT): use a port, 0 to 65535`, one line. */
export function refusal(given: Given, why: string): StartOptionError {
  const source = given.from === 'env' && given.row.flag ? ` (from ${given.row.env})` : '';
  return new StartOptionError(`invalid ${labelOf(given.row)} ${given.text}${source}: ${why}`);
}

function parserConfig(rows: readonly OptionRow[]): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const row of rows) {
    if (row.flag === null) continue;
    config[row.flag] =
      row.kind === 'boolean'
        ? { type: 'boolean' }
        : { type: 'string', ...(row.kind === 'list' ? { multiple: true } : {}) };
  }
  return config;
}

/** node:util's own refusals (an unknown option, a value missing) are one line each. */
const isParseArgsError = (error: unknown): error is Error =>
  error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');

export type ReadOptions = {
  /** Every row's value: flag, else variable (set but empty is unset), else default. */
  readonly values: ReadonlyMap<string, Given>;
  readonly lists: ReadonlyMap<string, readonly string[]>;
  readonly flags: ReadonlySet<string>;
  readonly help: boolean;
};

/** The flag's value, else the variable's (set but empty is unset), else the default. */
function givenOf(
  row: OptionRow,
  fromFlag: unknown,
  env: Readonly<Record<string, string | undefined>>,
): Given | null {
  if (fromFlag !== undefined) return { text: String(fromFlag), row, from: 'flag' };
  const fromEnv = row.env === null ? undefined : env[row.env];
  if (fromEnv) return { text: fromEnv, row, from: 'env' };
  return row.defaultValue === null ? null : { text: row.defaultValue, row, from: 'default' };
}

/**
 * The command line and the environment read through the table: each value checked by its row,
 * a bad one refused with StartOptionError naming the flag (and the variable it came from).
 */
export function readOptions(
  rows: readonly OptionRow[],
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ReadOptions {
  let parsed: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    parsed = parseArgs({ args: [...args], options: parserConfig(rows) }).values;
  } catch (error) {
    if (isParseArgsError(error)) throw new StartOptionError(error.message.split('\n')[0] ?? '');
    throw error;
  }
  const values = new Map<string, Given>();
  const lists = new Map<string, readonly string[]>();
  const flags = new Set<string>();
  for (const row of rows) {
    const fromFlag = row.flag === null ? undefined : parsed[row.flag];
    if (fromFlag !== undefined) flags.add(keyOf(row));
    if (row.kind === 'list') {
      lists.set(keyOf(row), Array.isArray(fromFlag) ? fromFlag.map(String) : []);
      continue;
    }
    const given = givenOf(row, fromFlag, env);
    if (given === null) continue;
    const why = row.check?.(given.text) ?? null;
    if (why !== null) throw refusal(given, why);
    values.set(keyOf(row), given);
  }
  return { values, lists, flags, help: parsed.help === true };
}

function flagColumn(row: OptionRow): string {
  if (row.flag === null) return `${row.env}=${row.placeholder ?? '<value>'}`;
  return row.kind === 'boolean' ? `--${row.flag}` : `--${row.flag} ${row.placeholder ?? '<value>'}`;
}

function whereColumn(row: OptionRow): string {
  const parts = [
    ...(row.defaultValue !== null && row.defaultValue !== ''
      ? [`default ${row.defaultValue}`]
      : []),
    ...(row.flag !== null && row.env !== null ? [`env ${row.env}`] : []),
  ];
  return parts.length === 0 ? '' : ` [${parts.join('; ')}]`;
}

/** The options part of a command's `--help`: one line per row. */
export function helpOfRows(rows: readonly OptionRow[]): string {
  const width = Math.max(...rows.map((row) => flagColumn(row).length)) + 2;
  return rows
    .map((row) => `  ${flagColumn(row).padEnd(width)}${row.description}${whereColumn(row)}`)
    .join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The docs' options table (Markdown, its columns padded as the formatter pads them). */
export function markdownOfRows(rows: readonly OptionRow[]): string {
  const table = [
    ['Flag', 'Variable', 'Default', 'What it does'],
    ...rows.map((row) => [
      row.flag === null ? '' : `\`${cell(flagColumn(row))}\``,
      row.env === null ? '' : `\`${row.env}\``,
      row.defaultValue ? `\`${row.defaultValue}\`` : '',
      cell(row.description),
    ]),
  ];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(3, ...table.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [header = [], ...body] = table;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join(
    '\n',
  );
}
