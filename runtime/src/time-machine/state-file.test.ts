import { recordJson } from '@pocketnet/ledger';
import { sampleRecord } from '@pocketnet/ledger/testing';
import { describe, expect, test } from 'vitest';
import { sectionsShapeVersion } from './sections-shape.ts';
import { parseStateFile, stateFormat } from './state-file.ts';

const header = (records: number, sections: number, sectionsShape = sectionsShapeVersion) =>
  JSON.stringify({
    format: stateFormat,
    seed: null,
    clockMicros: '7',
    records,
    sections,
    sectionsShape,
  });
const section = (name: string, state: unknown) => JSON.stringify({ section: name, state });
const lines = (...each: string[]) => `${each.join('\n')}\n`;

describe('a state file of format 2', () => {
  test('gives its sections parsed and its records as lines, decoded one by one when read', () => {
    const records = [1, 2, 3].map(sampleRecord);
    const text = lines(
      header(3, 2),
      section('a.one', { count: 1 }),
      section('b.two', [2]),
      ...records.map(recordJson),
    );
    const state = parseStateFile(text);
    expect(state.sections).toEqual({ 'a.one': { count: 1 }, 'b.two': [2] });
    expect(state.clockMicros).toBe(7n);
    expect(state.history.length).toBe(3);
    expect(state.history.json(1)).toBe(recordJson(sampleRecord(2)));
    expect(state.history.at(2)).toEqual(sampleRecord(3));
    // The same object on every call: decoded once.
    expect(state.history.at(2)).toBe(state.history.at(2));
    // The journal's fill is exactly the record lines.
    const { data, from, to, count } = state.history.fill;
    expect(Buffer.from(data).toString('utf8', from, to)).toBe(lines(...records.map(recordJson)));
    expect(count).toBe(3);
  });

  test('finds a damaged record only when it is read, naming its line', () => {
    const text = lines(header(2, 0), recordJson(sampleRecord(1)), '{"type": oops}');
    const state = parseStateFile(text);
    expect(state.history.at(0)).toEqual(sampleRecord(1));
    expect(() => state.history.at(1)).toThrow('line 3 is not JSON');
  });

  test('refuses a repeated section, a record cut short and records broken by an empty line', () => {
    const record = recordJson(sampleRecord(1));
    expect(() => parseStateFile(lines(header(0, 2), section('a', 1), section('a', 2)))).toThrow(
      'line 3 repeats the state section a',
    );
    expect(() => parseStateFile(lines(header(1, 0), record.slice(0, -3)))).toThrow(
      'line 2 is not a whole journal record: the file is incomplete',
    );
    expect(() => parseStateFile(lines(header(2, 0), record, '', record))).toThrow(
      'broken by empty lines',
    );
    expect(() => parseStateFile(lines(header(2, 1), section('a', 1), record))).toThrow(
      'the file is incomplete',
    );
  });

  test('leaves sections saved in shapes of another version to a replay, saying why', () => {
    const text = lines(
      header(1, 1, sectionsShapeVersion + 1),
      section('a', 1),
      recordJson(sampleRecord(1)),
    );
    const state = parseStateFile(text);
    expect(state.sections).toBeNull();
    expect(state.replayReason).toBe(
      `its sections are saved in shapes of version ${sectionsShapeVersion + 1}, this node's are of version ${sectionsShapeVersion}`,
    );
    expect(state.history.at(0)).toEqual(sampleRecord(1));
  });

  test('reads format 1 (no sections: its node replays the records)', () => {
    const first = JSON.stringify({
      format: 'pocketnet-state/1',
      seed: null,
      clockMicros: '0',
      records: 1,
    });
    const state = parseStateFile(`${first}\n${recordJson(sampleRecord(1))}`);
    expect(state.sections).toBeNull();
    expect(state.history.at(0)).toEqual(sampleRecord(1));
  });
});
