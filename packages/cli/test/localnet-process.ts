import { request } from 'node:http';
import { mintDevToken } from '@pocketnet/gateway';
import { expect, type TestContext } from 'vitest';
import { isPortFree, type ProcessSet, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs } from './pocketnet-process.ts';

// `pocketnet start --localnet` as a child process, and how its tests talk to LocalNet's ports.

/**
 * `--localnet`: the SV's ledger, validator and UI port (scan), then the app-provider's and the
 * app-user's ledger, validator and wallet UI ports.
 */
export const layoutPorts = [4975, 4903, 4000, 3975, 3903, 3000, 2975, 2903, 2000] as const;
export const loginPort = 8082;
export const keycloak = `http://127.0.0.1:${loginPort}`;

export async function skipUnlessFree(context: TestContext, ports: readonly number[]) {
  const free = await Promise.all(ports.map(isPortFree));
  if (free.includes(false)) context.skip(`a LocalNet port (${ports.join(', ')}) is in use`);
}

export const skipIfTaken = (context: TestContext) => (error: unknown) => {
  // Someone took a port between the check and the start.
  if (String(error).includes('EADDRINUSE')) context.skip('a LocalNet port was taken meanwhile');
  throw error;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A token from LocalNet's login, as a Keycloak client gets one. */
export async function tokenOf(realm: string, form: Record<string, string>): Promise<string> {
  const response = await fetch(`${keycloak}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as { access_token?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.access_token ?? '';
}

/** Starts `pocketnet start --localnet` (skipping when its ports are taken); its banner. */
export async function startLocalnet(
  context: TestContext,
  processes: ProcessSet,
  args: readonly string[],
) {
  await skipUnlessFree(context, [...layoutPorts, loginPort]);
  const spawned = processes.spawn(
    process.execPath,
    nodeArgs(['start', '--port', '0', '--localnet', ...args]),
    {},
  );
  const banner = await spawned.waitForOutput(isBannerComplete).catch(skipIfTaken(context));
  for (const port of [4903, 3903, 2903]) {
    await waitForHttpOk(`http://127.0.0.1:${port}/api/validator/readyz`);
  }
  return { spawned, banner };
}

/** JSON from a LocalNet port as a user of the `unsafe` secret (or with a given token). */
export async function callPort(
  port: number,
  path: string,
  init: { user?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const token = init.token ?? (await mintDevToken({ userId: init.user ?? 'ledger-api-user' }));
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** A GET to 127.0.0.1 with the Host header a `*.localhost` name gives (fetch cannot set it). */
export function getWithHost(port: number, host: string, path: string) {
  return new Promise<{ status: number; body: unknown }>((done, fail) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    outgoing.on('error', fail);
    outgoing.end();
  });
}
