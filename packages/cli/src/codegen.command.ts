import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DarCodegenError, typeScriptOfDar } from '@pocketnet/runtime/codegen';
import { helpOf } from './command-help.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/** `pocketnet codegen --dar FILE [--out FILE]`: to stdout without --out. */
export async function codegenCommand(args: readonly string[], streams: Streams): Promise<number> {
  const refuse = (message: string) => {
    streams.stderr.write(`pocketnet codegen: ${message}\n`);
    return 2;
  };
  if (args.includes('--help') || args.includes('-h')) {
    streams.stdout.write(helpOf('codegen'));
    return 0;
  }
  let values: { dar?: string | undefined; out?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { dar: { type: 'string' }, out: { type: 'string' } },
    }));
  } catch (error) {
    return refuse((error as Error).message);
  }
  if (!values.dar) return refuse('needs --dar <file.dar>');
  const bytes = await readFile(values.dar).catch(() => null);
  if (bytes === null) return refuse(`cannot read ${values.dar}`);
  let code: string;
  try {
    code = typeScriptOfDar(new Uint8Array(bytes));
  } catch (error) {
    if (error instanceof DarCodegenError) return refuse(`${values.dar}: ${error.message}`);
    throw error;
  }
  if (values.out) await writeFile(values.out, code);
  else streams.stdout.write(code);
  return 0;
}
