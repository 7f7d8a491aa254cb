import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AutomationConfigError,
  loadAutomationConfig,
  parseAutomationConfig,
} from '../src/config/load-automation-config.ts';

const alice = 'alice::1220aa';
const bob = 'bob::1220bb';

describe('the validator configuration', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const file = async (name: string, text: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-config-'));
    dirs.push(dir);
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  it('reads the seed’s keys from YAML', async () => {
    const path = await file(
      'validator.yaml',
      [
        'validatorWalletUser: operator',
        'topup:',
        '  targetThroughput: 20000',
        '  minTopupInterval: 1m',
        'walletSweep:',
        `  "${alice}":`,
        `    receiver: "${bob}"`,
        '    maxBalanceUSD: 100',
        '    minBalanceUSD: "20.5"',
        '    useTransferPreapproval: true',
        'autoAcceptTransfers:',
        `  "${bob}":`,
        `    fromParties: ["${alice}"]`,
      ].join('\n'),
    );
    const config = await loadAutomationConfig(path);
    expect(config.validatorWalletUser).toBe('operator');
    expect(config.topup).toEqual({ targetThroughput: 20_000n, minTopupInterval: 60_000_000n });
    expect(config.walletSweep[alice]).toEqual({
      receiver: bob,
      maxBalanceUSD: 1_000_000_000_000n,
      minBalanceUSD: 205_000_000_000n,
      useTransferPreapproval: true,
    });
    expect(config.autoAcceptTransfers[bob]).toEqual({ fromParties: [alice] });
  });

  it('reads JSON, and defaults what is not given', async () => {
    const path = await file(
      'validator.json',
      JSON.stringify({ topup: { targetThroughput: '1', minTopupInterval: 30 } }),
    );
    const config = await loadAutomationConfig(path);
    expect(config.topup?.minTopupInterval).toBe(30_000_000n);
    expect(config.walletSweep).toEqual({});
    expect(config.autoAcceptTransfers).toEqual({});
    expect(config.concurrency).toBe(1);
  });

  it.each([
    [{ topup: { targetThroughput: 0, minTopupInterval: '1m' } }, /topup\.targetThroughput/],
    [
      { topup: { targetThroughput: 10, minTopupInterval: 'soon' } },
      /topup\.minTopupInterval: expected a positive duration/,
    ],
    [
      { walletSweep: { [alice]: { receiver: bob, maxBalanceUSD: 10, minBalanceUSD: 20 } } },
      new RegExp(`walletSweep\\.${alice}\\.minBalanceUSD: must be less than maxBalanceUSD`),
    ],
    [
      { walletSweep: { [alice]: { receiver: 'bob', maxBalanceUSD: 10, minBalanceUSD: 1 } } },
      /walletSweep\..*\.receiver: expected a party id/,
    ],
    [
      { walletSweep: { [alice]: { receiver: bob, maxBalanceUSD: '1e3', minBalanceUSD: 1 } } },
      /maxBalanceUSD: expected a non-negative decimal/,
    ],
    [
      { autoAcceptTransfers: { [bob]: { fromParties: [] } } },
      /autoAcceptTransfers\..*\.fromParties/,
    ],
    [{ topUp: {} }, /Unrecognized key.*topUp/],
  ])('refuses %j naming the key', (raw, message) => {
    expect(() => parseAutomationConfig(raw)).toThrow(AutomationConfigError);
    expect(() => parseAutomationConfig(raw)).toThrow(message);
  });

  it('names the file when it is missing or does not parse', async () => {
    await expect(loadAutomationConfig('/nonexistent/validator.yaml')).rejects.toThrow(
      /cannot read the config file \/nonexistent\/validator.yaml/,
    );
    const broken = await file('broken.json', '{ "topup": ');
    await expect(loadAutomationConfig(broken)).rejects.toThrow(/broken.json does not parse/);
  });
});
