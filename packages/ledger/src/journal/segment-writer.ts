import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import { type Segment, segmentPath, syncDirectory } from './segment-files.ts';

export type SegmentExtent = { readonly path: string; readonly size: number };

/** Appends to the newest segment file, starting a new one once it has grown past the limit. */
export type SegmentWriter = {
  /** Appends the bytes and returns once they are on disk (fdatasync). */
  write(bytes: Buffer): Promise<void>;
  /** Every segment with its durable size, oldest first: what a replay may read. */
  extents(): readonly SegmentExtent[];
  close(): Promise<void>;
};

async function createSegment(dir: string, index: number) {
  const path = segmentPath(dir, index);
  const handle = await open(path, 'a');
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
    ? { ...last, handle: await open(last.path, 'a'), size: (await stat(last.path)).size }
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
      await current.handle.datasync();
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
