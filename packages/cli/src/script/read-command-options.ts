import { type CommandName, helpOf, prefixOf } from '../command-help.ts';
import type { OptionRow, ReadOptions } from '../options/option-table.ts';
import { readOptions } from '../options/option-table.ts';
import { isStartOptionError } from '../start-option-error.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * A command's options read through its rows: `--help` printed, a refusal written as one line.
 * Null when the command has answered already (its exit code in `exit`).
 */
export function readCommandOptions(
  command: CommandName,
  rows: readonly OptionRow[],
  args: readonly string[],
  streams: Streams,
): { read: ReadOptions; text: (key: string) => string | undefined } | { exit: number } {
  let read: ReadOptions;
  try {
    read = readOptions(rows, args, {});
  } catch (error) {
    if (!isStartOptionError(error)) throw error;
    streams.stderr.write(`${prefixOf(command)}: ${error.message} (pocketnet ${command} --help)\n`);
    return { exit: 2 };
  }
  if (read.help) {
    streams.stdout.write(helpOf(command));
    return { exit: 0 };
  }
  return { read, text: (key) => read.values.get(key)?.text };
}
