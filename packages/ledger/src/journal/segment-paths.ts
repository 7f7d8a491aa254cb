import { join } from 'node:path';

/** Segment files are named by their index, so that listing them sorts them. */
export const segmentPattern = /^segment-(\d{8})\.journal$/;

export function segmentPath(dir: string, index: number): string {
  return join(dir, `segment-${String(index).padStart(8, '0')}.journal`);
}
