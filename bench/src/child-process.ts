import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript file of this folder in a fresh Node (the same binary and source
 * conditions) and parses the JSON its last stdout line carries.
 */
export async function runNodeScript<TResult>(
  script: string,
  options: { readonly args?: readonly string[]; readonly nodeFlags?: readonly string[] } = {},
): Promise<TResult> {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), script, ...(options.args ?? [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  const last = output.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as TResult;
}
