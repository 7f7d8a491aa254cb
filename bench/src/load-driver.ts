import autocannon from 'autocannon';

/** What the bench process asks the driver to do; passed as JSON in argv[2]. */
export type LoadPlan = {
  readonly url: string;
  readonly path: string;
  readonly connections: number;
  readonly seconds: number;
  readonly token: string;
  /** Sent in the body as clients of the SDK do; it also lets an `--auth none` gateway act. */
  readonly userId: string;
  readonly actAs: readonly string[];
  readonly createArguments: Record<string, unknown>;
  /** Makes command ids unique across runs against the same node. */
  readonly commandPrefix: string;
};

export type LoadResult = {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly total: number;
  readonly failures: number;
};

function commandBody(plan: LoadPlan, commandId: string): string {
  return JSON.stringify({
    commands: [
      {
        CreateCommand: {
          templateId: '#pocketnet-examples:Iou:Iou',
          createArguments: plan.createArguments,
        },
      },
    ],
    commandId,
    userId: plan.userId,
    actAs: plan.actAs,
  });
}

/** Drives one server with autocannon: every request a new Iou create with its own command id. */
export async function driveLoad(plan: LoadPlan): Promise<LoadResult> {
  let counter = 0;
  const nextBody = () => {
    counter += 1;
    return commandBody(plan, `${plan.commandPrefix}-${counter}`);
  };
  const result = await autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: plan.seconds,
    requests: [
      {
        method: 'POST',
        path: plan.path,
        headers: { authorization: `Bearer ${plan.token}`, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: nextBody() }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

// Run as its own process, so the load generator does not share an event loop with the servers.
if (import.meta.main) {
  const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
  process.stdout.write(`${JSON.stringify(await driveLoad(plan))}\n`);
}
