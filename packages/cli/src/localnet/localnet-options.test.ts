import { afterEach, describe, expect, it } from 'vitest';
import { parseStartOptions } from '../start-options.ts';

describe('--localnet', () => {
  const redisUrl = process.env.REDIS_URL;
  afterEach(() => {
    if (redisUrl === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = redisUrl;
  });

  it('brings LocalNet ports with it, and --localnet-ports alone brings only them', () => {
    expect(parseStartOptions(['--localnet', '--ephemeral'])).toMatchObject({
      localnet: true,
      localnetPorts: true,
    });
    expect(parseStartOptions(['--localnet-ports', '--ephemeral'])).toMatchObject({
      localnet: false,
      localnetPorts: true,
    });
  });

  it('runs on the file or memory journal, not on a journal in Redis', () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:6379';
    expect(() => parseStartOptions(['--localnet'])).toThrow(
      '--localnet runs on the file or memory journal',
    );
    expect(parseStartOptions(['--localnet', '--data-dir', '/tmp/x']).journal).toBe('file');
  });
});
