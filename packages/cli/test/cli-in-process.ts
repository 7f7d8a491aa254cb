import { runCli } from '../src/run-cli.ts';

/** Runs one `pocketnet` command in this process, with its exit code and what it wrote. */
export async function runInProcess(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const streams = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  } as unknown as Parameters<typeof runCli>[1];
  const code = await runCli(argv, streams);
  return { code, stdout, stderr };
}
