import { Writable } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/start-option-refusal.test-helper.ts';
import { runCli } from './run-cli.ts';
import { parseStartOptions } from './start-options.ts';
import { parseByteSize } from './stream-limits-option.ts';

const noEnvironment = {};

/** The stream limits `start` takes from these flags (`{ 'stream-stall-timeout': '5s' }`) and variables. */
const streamLimitsOption = (flags: Record<string, string>, env: Record<string, string>) =>
  parseStartOptions(
    Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, value]),
    env,
  ).streamLimits;

function collected() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { stream, text: () => text };
}

describe('parseByteSize', () => {
  it('reads plain bytes and binary units in any case', () => {
    expect(parseByteSize('65536')).toBe(65536);
    expect(parseByteSize('64KiB')).toBe(64 * 1024);
    expect(parseByteSize('4MiB')).toBe(4 * 1024 * 1024);
    expect(parseByteSize('1gib')).toBe(1024 ** 3);
    expect(parseByteSize(' 128 KiB ')).toBe(128 * 1024);
    expect(parseByteSize('512B')).toBe(512);
  });

  it('refuses decimal units, fractions, signs and sizes past 2^53', () => {
    for (const text of ['64KB', '4M', '1.5MiB', '-1', '', 'KiB', '0x10000', '9007199254740993']) {
      expect(parseByteSize(text), text).toBeNull();
    }
    expect(parseByteSize('8388608GiB')).toBeNull();
  });

  test.prop([fc.integer({ min: 0, max: 2 ** 20 }), fc.constantFrom('KiB', 'MiB')])(
    'reads n KiB or MiB as n times 2^10 or 2^20 bytes',
    (count, unit) => {
      expect(parseByteSize(`${count}${unit}`)).toBe(count * (unit === 'KiB' ? 1024 : 1024 ** 2));
    },
  );
});

const total = 256 * 1024 * 1024;

describe('--stream-high-water-mark, --stream-stall-timeout, --stream-total-high-water-mark', () => {
  it('default to the gateway limits, 4 MiB and 30 s, 256 MiB in all', () => {
    expect(streamLimitsOption({}, noEnvironment)).toEqual({
      highWaterMark: 4 * 1024 * 1024,
      stallTimeoutMs: 30_000,
      totalHighWaterMark: total,
    });
  });

  it('are read with units by `start`', () => {
    const { streamLimits } = parseStartOptions([
      ...['--stream-high-water-mark', '64KiB', '--stream-stall-timeout', '300ms'],
    ]);
    expect(streamLimits).toEqual({
      highWaterMark: 65536,
      stallTimeoutMs: 300,
      totalHighWaterMark: total,
    });
    const plain = ['--stream-high-water-mark', '1048576', '--stream-stall-timeout', '2m'];
    expect(parseStartOptions(plain).streamLimits).toEqual({
      highWaterMark: 1024 * 1024,
      stallTimeoutMs: 120_000,
      totalHighWaterMark: total,
    });
  });

  it('fall back to POCKETNET_STREAM_HIGH_WATER_MARK and POCKETNET_STREAM_STALL_TIMEOUT, which the flags override', () => {
    const env = { POCKETNET_STREAM_HIGH_WATER_MARK: '8MiB', POCKETNET_STREAM_STALL_TIMEOUT: '5s' };
    expect(streamLimitsOption({}, env)).toEqual({
      highWaterMark: 8 * 1024 * 1024,
      stallTimeoutMs: 5000,
      totalHighWaterMark: total,
    });
    const flags = { 'stream-high-water-mark': '64KiB', 'stream-stall-timeout': '200ms' };
    expect(streamLimitsOption(flags, env)).toEqual({
      highWaterMark: 65536,
      stallTimeoutMs: 200,
      totalHighWaterMark: total,
    });
    // Set but empty is unset, as with the other POCKETNET_ variables.
    const empty = { POCKETNET_STREAM_HIGH_WATER_MARK: '', POCKETNET_STREAM_STALL_TIMEOUT: '' };
    expect(streamLimitsOption({}, empty)).toEqual(streamLimitsOption({}, noEnvironment));
  });

  it('take a total for all connections, at least the per-connection mark', () => {
    const flags = { 'stream-total-high-water-mark': '1GiB' };
    expect(streamLimitsOption(flags, noEnvironment).totalHighWaterMark).toBe(1024 ** 3);
    const env = { POCKETNET_STREAM_TOTAL_HIGH_WATER_MARK: '8MiB' };
    expect(streamLimitsOption({}, env).totalHighWaterMark).toBe(8 * 1024 * 1024);
    // A per-connection mark above the default total raises the total with it.
    const large = { 'stream-high-water-mark': '512MiB' };
    expect(streamLimitsOption(large, noEnvironment).totalHighWaterMark).toBe(512 * 1024 ** 2);
    expect(
      refusalOf(() =>
        streamLimitsOption({ ...large, 'stream-total-high-water-mark': '256MiB' }, noEnvironment),
      ),
    ).toBe(
      'invalid --stream-total-high-water-mark 256MiB: use at least the per-connection mark (536870912 bytes)',
    );
  });

  it('refuse a bad value in one line naming the option (and the variable it came from)', () => {
    const refused = (values: Record<string, string>, env: Record<string, string> = {}) =>
      refusalOf(() => streamLimitsOption(values, env));
    expect(refused({ 'stream-high-water-mark': '64KB' })).toBe(
      'invalid --stream-high-water-mark 64KB: use a number of bytes, e.g. 65536, 64KiB or 4MiB',
    );
    expect(refused({ 'stream-high-water-mark': '65535' })).toBe(
      'invalid --stream-high-water-mark 65535: use at least 64KiB (65536 bytes)',
    );
    expect(refused({ 'stream-stall-timeout': '0s' })).toBe(
      'invalid --stream-stall-timeout 0s: use a duration, e.g. 30s, 200ms or 2m',
    );
    expect(refused({ 'stream-stall-timeout': '1.5s' })).toMatch(/^invalid --stream-stall-timeout/);
    expect(refused({ 'stream-stall-timeout': '1000h' })).toBe(
      'invalid --stream-stall-timeout 1000h: use at most 2147483647ms (24 days)',
    );
    expect(refused({}, { POCKETNET_STREAM_STALL_TIMEOUT: 'soon' })).toBe(
      'invalid --stream-stall-timeout soon (from POCKETNET_STREAM_STALL_TIMEOUT): use a duration, e.g. 30s, 200ms or 2m',
    );
  });

  it.each([
    ['start', 'pocketnet', ['--stream-high-water-mark', '1KiB']],
    ['gateway', 'pocketnet gateway', ['--stream-stall-timeout', 'forever']],
    ['writer', 'pocketnet writer', ['--stream-high-water-mark', 'lots']],
  ])(
    'makes `pocketnet %s` exit with code 2 and one line on stderr',
    async (command, prefix, args) => {
      const stdout = collected();
      const stderr = collected();
      const code = await runCli([command, ...args], {
        stdout: stdout.stream,
        stderr: stderr.stream,
      });
      expect(code).toBe(2);
      expect(stderr.text()).toMatch(
        new RegExp(`^${prefix}: invalid ${args[0]} ${args[1]}: [^\\n]+\\n$`),
      );
      expect(stdout.text()).toBe('');
    },
  );

  it('makes any other bad start option exit with code 2 too, rather than crash', async () => {
    const stderr = collected();
    const streams = { stdout: collected().stream, stderr: stderr.stream };
    expect(await runCli(['start', '--tick', '10 minutes'], streams)).toBe(2);
    expect(await runCli(['start', '--no-such-option'], streams)).toBe(2);
    expect(stderr.text().split('\n')).toEqual([
      'pocketnet: invalid --tick 10 minutes: use e.g. 10m, 30s, 1500ms (pocketnet start --help lists the options)',
      expect.stringMatching(/^pocketnet: Unknown option '--no-such-option'/),
      '',
    ]);
  });
});
