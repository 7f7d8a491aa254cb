import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import {
  expectRejected,
  inputAmulet,
  output,
  startAmuletLedger,
  toUnits,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { advanceTicks } from '../../../testing/round-automation.test-helper.ts';
import { startMicros, tickMicros } from '../../../testing/splice-ledger.test-helper.ts';
import { holdingInterfaceId } from '../../token-standard/holding-v1.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

async function lockFor(net: AmuletLedger, amount: string) {
  const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
  const coin = await net.tap(alice, '10.0');
  const expiresAt = formatTime(startMicros + 2n * tickMicros);
  const result = await net.transfer({
    sender: alice,
    inputs: [inputAmulet(coin)],
    outputs: [output(alice, amount, { holders: [bob], expiresAt, optContext: 'escrow' })],
  });
  const [created] = result.createdAmulets;
  const locked = created?.tag === 'TransferResultLockedAmulet' ? created.value : '';
  return { alice, bob, expiresAt, locked };
}

const choose = (
  net: AmuletLedger,
  actAs: string[],
  contractId: string,
  choice: string,
  choiceArgument = {},
) => net.exercise(actAs, { templateId: ids.lockedAmulet, contractId, choice, choiceArgument });

describe('LockedAmulet', () => {
  it('is a Holding with the lock in its view', async () => {
    const net = await startAmuletLedger();
    const { alice, bob, expiresAt, locked } = await lockFor(net, '4.0');
    const contract = net.ledger.engine.contracts.lookup(locked);
    if (contract === undefined) throw new Error('locked amulet missing');
    expect(
      net.ledger.engine.packages.interfaceView(contract, holdingInterfaceId).viewValue,
    ).toMatchObject({
      owner: alice,
      amount: '4.0000000000',
      lock: { holders: [bob], expiresAt, expiresAfter: null, context: 'escrow' },
    });
  });

  it('unlocks with the owner and every holder', async () => {
    const net = await startAmuletLedger();
    const { alice, bob, locked } = await lockFor(net, '4.0');
    await expectRejected(
      choose(net, [alice], locked, 'LockedAmulet_UnlockV2'),
      'DAML_AUTHORIZATION_ERROR',
      /missing bob/,
    );
    const { result } = await choose(net, [alice, bob], locked, 'LockedAmulet_UnlockV2');
    expect(result).toMatchObject({
      meta: {
        values: {
          'splice.lfdecentralizedtrust.org/tx-kind': 'unlock',
          'splice.lfdecentralizedtrust.org/reason': 'holders released lock',
        },
      },
    });
    expect(net.ledger.active(ids.lockedAmulet)).toHaveLength(0);
    expect(net.holdings(alice)).toBe(toUnits('10'));
  });

  it('lets the owner alone take it back once the lock has expired, not before', async () => {
    const net = await startAmuletLedger();
    const { alice, locked } = await lockFor(net, '4.0');
    await expectRejected(
      choose(net, [alice], locked, 'LockedAmulet_OwnerExpireLockV2'),
      'DAML_FAILURE',
      /Lock\.expiresAt .* has not passed yet/,
    );
    net.ledger.clock.advance(2n * tickMicros);
    const { result } = await choose(net, [alice], locked, 'LockedAmulet_OwnerExpireLockV2');
    const amuletCid = (result as { amuletCid: string }).amuletCid;
    expect(net.ledger.active(ids.amulet).some(({ contractId }) => contractId === amuletCid)).toBe(
      true,
    );
  });

  it('refuses the V1 dust expiry, only the DSO may call it, as splice-amulet 0.1.20 does', async () => {
    const net = await startAmuletLedger();
    const { alice, locked } = await lockFor(net, '0.01');
    await advanceTicks(net, 3);
    await expectRejected(
      choose(net, [alice], locked, 'LockedAmulet_ExpireAmulet', { roundCid: net.openRound() }),
      'DAML_AUTHORIZATION_ERROR',
      /missing .*DSO/,
    );
    await expectRejected(
      choose(net, [net.dso], locked, 'LockedAmulet_ExpireAmulet', { roundCid: net.openRound() }),
      'DAML_FAILURE',
      /"LockedAmulet_ExpireAmulet" is no longer supported since "splice-amulet"-"0.1.17"/,
    );
    expect(net.ledger.active(ids.lockedAmulet)).toHaveLength(1);
  });
});
