import { afterEach, describe, expect, it } from 'vitest';
import { parseStartOptions } from '../src/start-options.ts';
import { createProcessSet, findFreePort, waitForHttpOk } from './node-process.ts';
import { isBannerComplete, nodeArgs } from './pocketnet-process.ts';

// `--inspect stately`: the node serves @statelyai/inspect's local bridge and sends its actors
// there. Stately's own inspector page (stately.ai/inspect, which the bridge frames) needs the
// internet and is not loaded here; the test listens on the bridge as that page would.

type StatelyEvent = { type: string; name?: string; sessionId: string; _version?: string };

/** Connects to the bridge and resolves with the first message that `accept` takes. */
function firstMessage(url: string, accept: (event: StatelyEvent) => boolean) {
  const socket = new WebSocket(url);
  const found = new Promise<StatelyEvent>((resolve, reject) => {
    socket.addEventListener('message', (message) => {
      const event = JSON.parse(String(message.data)) as StatelyEvent;
      if (accept(event)) resolve(event);
    });
    socket.addEventListener('error', () => reject(new Error(`cannot reach ${url}`)));
  });
  return found.finally(() => socket.close());
}

describe('pocketnet start --inspect stately', () => {
  const processes = createProcessSet();
  afterEach(() => processes.stopAll());

  it('parses --inspect stately with its port, and refuses anything else', () => {
    expect(parseStartOptions([]).inspect).toBeNull();
    expect(parseStartOptions(['--inspect', 'stately']).inspect).toEqual({
      mode: 'stately',
      port: 7576,
    });
    expect(parseStartOptions(['--inspect', 'stately', '--inspect-port', '9100']).inspect).toEqual({
      mode: 'stately',
      port: 9100,
    });
    expect(() => parseStartOptions(['--inspect', 'chrome'])).toThrow(/use stately/);
    expect(() => parseStartOptions(['--inspect', 'stately', '--inspect-port', '0'])).toThrow(
      /--inspect-port/,
    );
  });

  it('sends the devnet’s mining-round actors to Stately’s bridge', async () => {
    const [port, inspectPort] = [await findFreePort(), await findFreePort()];
    const args = ['start', '--port', String(port), '--ephemeral'];
    args.push('--inspect', 'stately', '--inspect-port', String(inspectPort));
    const node = processes.spawn(process.execPath, nodeArgs(args), {});
    const banner = await node.waitForOutput(isBannerComplete);
    expect(banner).toContain(`Stately inspector    http://localhost:${inspectPort}`);
    await waitForHttpOk(`http://127.0.0.1:${port}/readyz`);
    // The bridge replays what the node sent it before anyone listened.
    const registered = await firstMessage(
      `ws://127.0.0.1:${inspectPort}`,
      (event) => event.type === '@xstate.actor' && event.name === 'mining-round',
    );
    expect(registered.sessionId).toMatch(/^mining-round:/);
    expect(registered._version).toEqual(expect.any(String));
    const page = await fetch(`http://127.0.0.1:${inspectPort}/`);
    expect(await page.text()).toContain('stately.ai/inspect');
    const exit = await node.stop('SIGTERM');
    expect(exit.code === 0 || exit.signal === 'SIGTERM').toBe(true);
  }, 60_000);
});
