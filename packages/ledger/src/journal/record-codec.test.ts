import { describe, expect, test } from 'vitest';
import { sampleRecord } from '../../testing/journal-conformance.ts';
import type { JournalRecord } from '../transaction.ts';
import { frameHeaderBytes, readFrame } from './frame-format.ts';
import { encodeRecord, encodeRecordFrame } from './record-codec.ts';

describe('record frames', () => {
  test('a record frame holds the encoded record behind its length and checksum', () => {
    // Non-ASCII text makes the UTF-8 length differ from the JSON's length in characters.
    const record = { ...sampleRecord(7), annotations: { note: 'Zürich €' } } as JournalRecord;
    const frame = encodeRecordFrame(record);
    const payload = encodeRecord(record);
    expect(frame.length).toBe(frameHeaderBytes + payload.length);
    expect(frame.readUInt32BE(0)).toBe(payload.length);
    const read = readFrame(frame, 0);
    expect(read.kind === 'frame' && read.payload).toEqual(payload);
    expect(read.kind === 'frame' && read.next).toBe(frame.length);
  });

  test('a flipped payload byte fails the checksum', () => {
    const frame = encodeRecordFrame(sampleRecord(1));
    frame[frameHeaderBytes + 3] = (frame[frameHeaderBytes + 3] ?? 0) ^ 0xff;
    expect(readFrame(frame, 0).kind).toBe('damaged');
  });
});
