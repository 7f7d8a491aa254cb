import { Agent, request as httpRequest } from 'node:http';

const at = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/**
 * Asks every gateway for /livez every `everyMs` until stopped: how long a request that does
 * nothing waits to be answered, i.e. how busy the gateways' event loops (and the machine) are.
 */
export function pingGateways(gateways: readonly string[], everyMs = 100) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const timer = setInterval(() => {
    for (const base of gateways) {
      const started = performance.now();
      const request = httpRequest(`${base}/livez`, { agent }, (response) => {
        response.resume();
        response.once('end', () => latencies.push(performance.now() - started));
      });
      request.once('error', () => {});
      request.end();
    }
  }, everyMs);
  return {
    /** Stops, and gives the median and 99th percentile of what was measured (ms). */
    stop() {
      clearInterval(timer);
      agent.destroy();
      const sorted = [...latencies].sort((a, b) => a - b);
      return { p50: at(sorted, 0.5), p99: at(sorted, 0.99) };
    },
  };
}
