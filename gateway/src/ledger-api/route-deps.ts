import type { Caller, PocketnetNode } from '@pocketnet/runtime';
import type { Response } from 'express';

export type LedgerApiDeps = { readonly node: PocketnetNode };

/** The caller the gateway established for this request; its authentication failure otherwise. */
export function callerOf(res: Response): Caller {
  if (res.locals.callerError !== undefined) throw res.locals.callerError;
  return res.locals.caller as Caller;
}
