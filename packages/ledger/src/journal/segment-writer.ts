import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import { type Segment, segmentPath, syncDirectory } from './segment-files.ts';

// O_DSYNC makes each write return only once its data is on disk, as write + fdatasync would:
// one system call and one thread-pool round trip per flush instead of two. A platform without
// it (Windows) gets an fdatasync after each write instead.
const dataSync: number | undefined = constants.O_DSYNC;
const appendDurably = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (dataSync ?? 0);

export type SegmentExtent = { readonly path: string; readonly size: number };

/** Appends to the newest segment file, starting a new one once it has grown past the limit. */
export type SegmentWriter = {
  /** Appends the bytes and returns once they are on disk (O_DSYNC, or fdatasync). */
  write(bytes: Buffer): Promise<void>;
  /** Every segment with its durable size, oldest first: what a replay may read. */
  extents(): readonly SegmentExtent[];
  close(): Promise<void>;
};

async function createSegment(dir: string, index: number) {
  const path = segmentPath(dir, index);
  const handle = await open(path, appendDurably);
  // The new file's directory entry must itself be durable, or a crash could lose the segment.
  await syncDirectory(dir);
  return { index, path, handle, size: 0 };
}

export async function openSegmentWriter(options: {
  readonly dir: string;
  readonly segments: readonly Segment[];
  readonly segmentBytes: number;
}): Promise<SegmentWriter> {
  const { dir, segmentBytes } = options;
  const sealed: SegmentExtent[] = [];
  for (const segment of options.segments.slice(0, -1)) {
    sealed.push({ path: segment.path, size: (await stat(segment.path)).size });
  }
  const last = options.segments.at(-1);
  let current: { index: number; path: string; handle: FileHandle; size: number } = last
    ? { ...last, handle: await open(last.path, appendDurably), size: (await stat(last.path)).size }
    : await createSegment(dir, 1);

  async function writeAll(bytes: Buffer): Promise<void> {
    let written = 0;
    while (written < bytes.length) {
      const result = await current.handle.write(bytes, written, bytes.length - written);
      written += result.bytesWritten;
    }
  }

  return {
    async write(bytes) {
      await writeAll(bytes);
      if (dataSync === undefined) await current.handle.datasync();
      current.size += bytes.length;
      if (current.size >= segmentBytes) {
        await current.handle.close();
        sealed.push({ path: current.path, size: current.size });
        current = await createSegment(dir, current.index + 1);
      }
    },
    extents: () => [...sealed, { path: current.path, size: current.size }],
    close: () => current.handle.close(),
  };
}
