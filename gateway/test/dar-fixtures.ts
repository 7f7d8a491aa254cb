import { readFile } from 'node:fs/promises';
import type { TestNode } from './test-node.ts';

/** A DAR of the team's shared reference folder (never copied into the project). */
export const sharedDar = (name: string) =>
  readFile(new URL(`../../../shared/dars/${name}`, import.meta.url)).then((b) => new Uint8Array(b));

export type CantonError = { code: string; cause: string; context: Record<string, string> };

/** POSTs package bytes (a DAR or a DALF) as an admin would; the status and the parsed body. */
export async function upload(
  node: TestNode,
  path: string,
  bytes: Uint8Array,
  user = 'participant_admin',
) {
  const response = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await node.token(user)}`,
      'content-type': 'application/octet-stream',
    },
    body: Buffer.from(bytes),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as CantonError };
}
