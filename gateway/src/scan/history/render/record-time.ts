import { formatTime } from '@pocketnet/ledger';

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, six fractional digits, as Splice renders record times. */
export const formatScanTime = (micros: number): string => formatTime(BigInt(micros));
