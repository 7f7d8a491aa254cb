import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { defaultMinLimit } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { pingGateways } from './gateway-pings.ts';
import { allocateParty, createTrader, iouSubmission, traderUser } from './ledger-checks.ts';
import {
  closedLoop,
  openLoop,
  type PhaseResult,
  probeAgent,
  type Shot,
  shoot,
  summarise,
} from './load-phases.ts';
import { cpuSeconds, machineShare, machineTicks, residentMiB } from './process-usage.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const overloadSeconds = Number(process.env.RELIABILITY_OVERLOAD_SECONDS ?? 60);
// The bounds of issue 12, as ratios to the sustainable phase of the same run (the machine's
// speed cancels out): accepted commands keep their latency within these under 5× overload.
const p50Bound = 2;
// The tail holds less well than the median: on a box 96 % busy, a gateway's event loop stalls
// for a few hundred milliseconds now and then (GET /livez p99 ~450 ms) and p99 reached 7× in
// one CI run (with the fixed limit it is 14×, with p50 at 19×).
const p99Bound = 8;

const line = (name: string, phase: PhaseResult) =>
  `${name}: ${phase.acceptedPerSecond.toFixed(0)}/s accepted, p50 ${phase.acceptedP50.toFixed(0)} ms, ` +
  `p99 ${phase.acceptedP99.toFixed(0)} ms, refused p50 ${phase.refusedP50.toFixed(0)} ms, answers ${JSON.stringify(phase.codes)}, ` +
  `refused by ${JSON.stringify(phase.refusedBy)}, connection wait p50 ${phase.waitedP50.toFixed(1)} ms`;

const ratio = (over: number, base: number) => (over / base).toFixed(2);

describe('five times the sustainable submit rate', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it(`sheds the excess with PARTICIPANT_BACKPRESSURE at once, keeps accepted latency within ${p50Bound}× (p50) and ${p99Bound}× (p99) of the sustainable, memory bounded, recovers`, async () => {
    // Gateways with the latency-keeping limit (POCKETNET_ADAPTIVE_LIMIT=1, adaptive under
    // POCKETNET_MAX_IN_FLIGHT 256); RELIABILITY_ADAPTIVE_LIMIT=0 shows what the fixed one does.
    network = await startNetwork({
      args: ['--no-devnet'],
      env: {
        POCKETNET_ADAPTIVE_LIMIT: process.env.RELIABILITY_ADAPTIVE_LIMIT ?? '1',
        POCKETNET_WRITER_MAX_QUEUE_MS: '1000',
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
    const cpu = async () => {
      const own = process.cpuUsage();
      return [...(await Promise.all(pids().map(cpuSeconds))), (own.user + own.system) / 1e6];
    };
    const perSecond = (from: number[], to: number[], seconds: number) =>
      to.map((value, index) => ((value - (from[index] ?? 0)) / seconds).toFixed(2)).join(' ');
    const lag = monitorEventLoopDelay({ resolution: 10 });
    // As many clients as the gateways' floors: never refused, whatever the limits learnt.
    const clients = gateways.length * defaultMinLimit;

    await closedLoop({ gateways, concurrency: clients, seconds: 6, next });
    const cpuAtStart = await cpu();
    const machineAtStart = await machineTicks();
    lag.enable();
    let pings = pingGateways(gateways);
    const sustainable = await closedLoop({ gateways, concurrency: clients, seconds: 8, next });
    const pingSustainable = pings.stop();
    lag.disable();
    const cpuSustainable = perSecond(cpuAtStart, await cpu(), sustainable.seconds);
    const machineSustainable = machineShare(machineAtStart, await machineTicks());
    const lagSustainable = lag.percentile(50) / 1e6;
    lag.reset();
    const before = await memory();
    const cpuBefore = await cpu();
    const machineBefore = await machineTicks();
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
    lag.enable();
    pings = pingGateways(gateways);
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
    const pingOverload = pings.stop();
    overloaded = false;
    lag.disable();
    const cpuOverload = perSecond(cpuBefore, await cpu(), overloadSeconds);
    const machineOverload = machineShare(machineBefore, await machineTicks());
    await probing;
    const probe = summarise(probeShots, overloadSeconds);
    await new Promise((resume) => setTimeout(resume, 2000));
    const recovered = await closedLoop({ gateways, concurrency: clients, seconds: 5, next });
    const peak = before.map((_, index) => Math.max(...samples.map((sample) => sample[index] ?? 0)));
    console.log(
      [
        line(`sustainable (${clients} clients)`, sustainable),
        `${line(`5× for ${overloadSeconds} s`, overload)}, ${overload.notSent} not sent`,
        `  accepted p50 ${ratio(overload.acceptedP50, sustainable.acceptedP50)}× the sustainable (bound ${p50Bound}×), ` +
          `p99 ${ratio(overload.acceptedP99, sustainable.acceptedP99)}× (bound ${p99Bound}×)`,
        line('one client meanwhile', probe),
        line('after', recovered),
        `resident MiB (writer, gateways): before ${before.map((m) => m.toFixed(0)).join(' ')}, ` +
          `peak ${peak.map((m) => m.toFixed(0)).join(' ')}`,
        `CPU s/s (writer, gateways, load): sustainable ${cpuSustainable}, 5× ${cpuOverload}; ` +
          `machine (${availableParallelism()} CPUs): sustainable ${machineSustainable}, 5× ${machineOverload}`,
        `GET /livez p50/p99 ms: sustainable ${pingSustainable.p50.toFixed(1)}/${pingSustainable.p99.toFixed(0)}, ` +
          `5× ${pingOverload.p50.toFixed(1)}/${pingOverload.p99.toFixed(0)}; load generator's event loop delay p50 ` +
          `${lagSustainable.toFixed(1)} ms, 5× ${(lag.percentile(50) / 1e6).toFixed(1)} ms`,
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
    // Refusals are immediate: well under what an accepted command takes.
    expect(overload.refusedP50).toBeLessThan(overload.acceptedP50 / 2);
    // What is accepted keeps its latency: in flight stays where the writer keeps up, so no
    // backlog builds in front of it (Little's law), however much more is offered.
    expect(overload.acceptedP50).toBeLessThan(p50Bound * sustainable.acceptedP50);
    expect(overload.acceptedP99).toBeLessThan(p99Bound * sustainable.acceptedP99);
    expect(probe.acceptedP50).toBeLessThan(p50Bound * sustainable.acceptedP50);
    // Memory stays bounded: beyond what the ledger keeps of the commands it accepted (their
    // contracts and history, in every process, ~6 KiB each allowed), no process grows by more
    // than half again plus 200 MiB, however many commands it refused.
    const accepted = overload.codes['200'] ?? 0;
    for (const [index, peakMiB] of peak.entries()) {
      expect(peakMiB).toBeLessThan((before[index] ?? 0) * 1.5 + 200 + (accepted * 6) / 1024);
    }
    // And the node recovers by itself: the same clients all accepted again, at about the old
    // rate and latency.
    expect(Object.keys(recovered.codes)).toEqual(['200']);
    expect(recovered.acceptedPerSecond).toBeGreaterThan(sustainable.acceptedPerSecond * 0.5);
    expect(recovered.acceptedP50).toBeLessThan(p50Bound * sustainable.acceptedP50);
  }, 600_000);
});
