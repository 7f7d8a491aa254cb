import { afterEach, describe, expect, it } from 'vitest';
import { allocateParty, createTrader, iouSubmission, traderUser } from './ledger-checks.ts';
import {
  closedLoop,
  openLoop,
  type PhaseResult,
  probeAgent,
  residentMiB,
  type Shot,
  shoot,
  summarise,
} from './load-phases.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const overloadSeconds = Number(process.env.RELIABILITY_OVERLOAD_SECONDS ?? 60);
const writerMaxQueueMs = 1000;

const line = (name: string, phase: PhaseResult) =>
  `${name}: ${phase.acceptedPerSecond.toFixed(0)}/s accepted, p50 ${phase.acceptedP50.toFixed(0)} ms, ` +
  `p99 ${phase.acceptedP99.toFixed(0)} ms, refused p50 ${phase.refusedP50.toFixed(0)} ms, answers ${JSON.stringify(phase.codes)}`;

describe('five times the sustainable submit rate', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('sheds the excess with PARTICIPANT_BACKPRESSURE, keeps latency and memory bounded, recovers', async () => {
    network = await startNetwork({
      args: ['--no-devnet'],
      env: {
        POCKETNET_MAX_IN_FLIGHT: '32',
        POCKETNET_WRITER_MAX_QUEUE_MS: String(writerMaxQueueMs),
        POCKETNET_COMMAND_TIMEOUT_MS: '10000',
      },
    });
    const net = network;
    const gateways = net.gateways.map((gateway) => gateway.url);
    const [first] = gateways as [string];
    const bank = await allocateParty(first, 'bank');
    await createTrader(first, [bank]);
    let counter = 0;
    const next = () => {
      counter += 1;
      return { user: traderUser, body: iouSubmission(bank, bank, `load-${counter}`, '1.0').body };
    };
    const pids = () =>
      [net.writer(), ...net.gateways.map((gateway) => gateway.process)].map(
        (role) => role.child.pid ?? 0,
      );
    const memory = async () => Promise.all(pids().map(residentMiB));

    await closedLoop({ gateways, concurrency: 32, seconds: 6, next });
    const sustainable = await closedLoop({ gateways, concurrency: 32, seconds: 8, next });
    const before = await memory();
    const samples: number[][] = [];
    // One well-behaved client keeps submitting meanwhile, retrying what is refused.
    let overloaded = true;
    const probeShots: Shot[] = [];
    const probing = (async () => {
      while (overloaded) {
        const { user, body } = next();
        for (;;) {
          const shot = await shoot(first, user, body, probeAgent);
          if (shot.status === 200 || !overloaded) {
            probeShots.push(shot);
            break;
          }
          await new Promise((resume) => setTimeout(resume, 20));
        }
        await new Promise((resume) => setTimeout(resume, 50));
      }
    })();
    const overload = await openLoop({
      gateways,
      perSecond: Math.max(50, Math.round(sustainable.acceptedPerSecond * 5)),
      seconds: overloadSeconds,
      maxOutstanding: 1024,
      next,
      onSecond: async () => {
        samples.push(await memory());
      },
    });
    overloaded = false;
    await probing;
    const probe = summarise(probeShots, overloadSeconds);
    await new Promise((resume) => setTimeout(resume, 2000));
    const recovered = await closedLoop({ gateways, concurrency: 32, seconds: 5, next });
    const peak = before.map((_, index) => Math.max(...samples.map((sample) => sample[index] ?? 0)));
    console.log(
      [
        line('sustainable', sustainable),
        `${line(`5× for ${overloadSeconds} s`, overload)}, ${overload.notSent} not sent`,
        line('one client meanwhile', probe),
        line('after', recovered),
        `resident MiB (writer, gateways): before ${before.map((m) => m.toFixed(0)).join(' ')}, ` +
          `peak ${peak.map((m) => m.toFixed(0)).join(' ')}`,
      ].join('\n'),
    );

    console.log(
      net
        .errorsLogged()
        .filter((text) => !text.startsWith('writer'))
        .slice(0, 5)
        .join('\n'),
    );
    // The excess is refused with Canton's backpressure error; nothing else goes wrong.
    expect(overload.codes.PARTICIPANT_BACKPRESSURE ?? 0).toBeGreaterThan(0);
    expect(Object.keys(overload.codes).sort()).toEqual(['200', 'PARTICIPANT_BACKPRESSURE']);
    // What is accepted keeps its latency: a client's commands wait for the writer's queue limit
    // at most, not for the backlog.
    expect(probe.acceptedP50).toBeLessThan(writerMaxQueueMs + sustainable.acceptedP99);
    expect(overload.acceptedP50).toBeLessThan(2 * (writerMaxQueueMs + sustainable.acceptedP99));
    // Memory stays bounded: beyond what the ledger keeps of the commands it accepted (their
    // contracts and history, in every process, ~6 KiB each allowed), no process grows by more
    // than half again plus 200 MiB, however many commands it refused.
    const accepted = overload.codes['200'] ?? 0;
    for (const [index, peakMiB] of peak.entries()) {
      expect(peakMiB).toBeLessThan((before[index] ?? 0) * 1.5 + 200 + (accepted * 6) / 1024);
    }
    // And the node recovers by itself: everything accepted again, at about the old rate.
    expect(Object.keys(recovered.codes)).toEqual(['200']);
    expect(recovered.acceptedPerSecond).toBeGreaterThan(sustainable.acceptedPerSecond * 0.5);
  }, 600_000);
});
