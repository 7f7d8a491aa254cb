// The types of time-machine-client.js, for packages that do not check JavaScript.

export type TimeMachineCaller = <T>(
  path: string,
  init?: { method?: 'GET' | 'POST'; body?: unknown },
) => Promise<T>;

export type DevnetSnapshot = { id: string; ledger_end: number; now_micros: string };

export type DevnetReverted = { id: string; ledger_end: number; now: string; now_micros: string };

export declare function timeMachineClient(call: TimeMachineCaller): {
  snapshot(): Promise<DevnetSnapshot>;
  revert(id: string): Promise<DevnetReverted>;
  reset(): Promise<DevnetReverted>;
};

export declare function downloadState(options: {
  baseUrl?: string;
  token?: string;
  fetch?: typeof fetch;
}): Promise<string>;
