// autocannon ships no types; this declares only the part of its API the load driver uses.
declare module 'autocannon' {
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  type Options = {
    url: string;
    connections: number;
    duration: number;
    requests: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Histogram = {
    readonly average: number;
    readonly total: number;
    readonly p50: number;
    readonly p99: number;
    readonly max: number;
  };
  type Result = {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly duration: number;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
