import { DomainError } from '@pocketnet/ledger';
import type { Caller, LedgerApiService } from '@pocketnet/runtime';
import type { Response } from 'express';

export type LedgerApiDeps = { readonly node: LedgerApiService };

/** The caller the gateway established for this request; its authentication failure otherwise. */
export function callerOf(res: Response): Caller {
  if (res.locals.callerError !== undefined) throw res.locals.callerError;
  return res.locals.caller as Caller;
}

/** The id a path names, which a body naming another one contradicts (Canton refuses that). */
export function pathId(what: string, inPath: string, inBody: string | undefined): string {
  if (inBody && inBody !== inPath) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `The submitted request has invalid arguments: ${what} '${inPath}' in the path does not match ${what} '${inBody}' in the body`,
    );
  }
  return inPath;
}
