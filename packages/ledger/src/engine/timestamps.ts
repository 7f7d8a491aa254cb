/**
 * Microseconds since the epoch of a timestamp the engine wrote with formatMicros
 * (`YYYY-MM-DDTHH:MM:SS.ffffffZ`); used to rebuild record times on replay.
 */
export function parseRecordTimeMicros(text: string): bigint {
  const seconds = Date.parse(`${text.slice(0, 19)}Z`);
  const fraction = /^\.(\d{6})Z$/.exec(text.slice(19));
  if (Number.isNaN(seconds) || fraction?.[1] === undefined) {
    throw new Error(`not a record time: ${text}`);
  }
  return BigInt(seconds) * 1000n + BigInt(fraction[1]);
}

/** The later of two instants (Math.max does not take bigints). */
export function laterOf(left: bigint, right: bigint): bigint {
  if (left >= right) return left;
  return right;
}
