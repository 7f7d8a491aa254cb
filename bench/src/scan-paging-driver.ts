import autocannon from 'autocannon';

/** One server and the request bodies to cycle through; passed as JSON in argv[2]. */
export type PagingPlan = {
  readonly url: string;
  readonly path: string;
  readonly bodies: readonly string[];
  readonly connections: number;
  readonly seconds: number;
};

export type PagingResult = {
  readonly requestsPerSecond: number;
  readonly total: number;
  readonly failures: number;
};

/** Drives one server with autocannon, each request the next body of the plan (round robin). */
export async function drivePaging(plan: PagingPlan): Promise<PagingResult> {
  let next = 0;
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      {
        method: 'POST',
        path: plan.path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          next = (next + 1) % plan.bodies.length;
          return { ...request, body: plan.bodies[next] ?? '' };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

// Run as its own process, so the load generator does not share an event loop with the servers.
if (import.meta.main) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as PagingPlan;
  process.stdout.write(`${JSON.stringify(await drivePaging(plan))}\n`);
}
