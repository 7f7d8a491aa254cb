import { describe, expect, it } from 'vitest';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import { amountsOf, dayMicros, nowTime } from '../../testing/token-transfer.test-helper.ts';
import { externalReferences } from './amulet-references.ts';
import { transferCommandReferences as refs } from './transfer-command-types.ts';

async function setUp() {
  const fixture = await startExternalFixture();
  const alice = await fixture.ledger.party('alice');
  const bob = await fixture.ledger.party('bob');
  const validator = await fixture.ledger.party('validator');
  const preapproval = await fixture.ledger.create(
    [bob, validator, fixture.dso],
    externalReferences.transferPreapproval,
    {
      dso: fixture.dso,
      receiver: bob,
      provider: validator,
      validFrom: nowTime(fixture),
      lastRenewedAt: nowTime(fixture),
      expiresAt: nowTime(fixture, 90n * dayMicros),
    },
  );
  const counter = await fixture.ledger.create([fixture.dso], refs.transferCommandCounter, {
    dso: fixture.dso,
    sender: alice,
    nextNonce: '0',
  });
  const command = async (nonce: string, expiresAt = nowTime(fixture, dayMicros)) => {
    const { result } = await fixture.exercise(
      [alice],
      {
        templateId: externalReferences.externalPartyAmuletRules,
        contractId: fixture.factory,
        choice: 'ExternalPartyAmuletRules_CreateTransferCommand',
        choiceArgument: {
          sender: alice,
          receiver: bob,
          delegate: fixture.dso,
          amount: '3.0',
          expiresAt,
          nonce,
          description: null,
          expectedDso: fixture.dso,
        },
      },
      [fixture.factory],
    );
    return String((result as { transferCommandCid: string }).transferCommandCid);
  };
  return { fixture, alice, bob, preapproval, counter, command };
}

describe('TransferCommand', () => {
  it('sends at the counter’s nonce, moves the counter on, and fails a spent nonce', async () => {
    const { fixture, alice, bob, preapproval, counter, command } = await setUp();
    const tapped = await fixture.tap(alice, '10');
    const send = (cid: string, counterCid: string) =>
      fixture.exercise([fixture.dso], {
        templateId: refs.transferCommand,
        contractId: cid,
        choice: 'TransferCommand_Send',
        choiceArgument: {
          context: {
            amuletRules: fixture.amuletRules,
            context: {
              openMiningRound: fixture.openRound(),
              issuingMiningRounds: [],
              validatorRights: [],
              featuredAppRight: null,
            },
          },
          inputs: [{ tag: 'InputAmulet', value: tapped }],
          transferPreapprovalCidO: preapproval,
          transferCounterCid: counterCid,
        },
      });
    const ahead = await command('1');
    await expect(send(ahead, counter)).rejects.toThrow(
      /Expected nonce 1 is bigger than current counter 0/,
    );
    const first = await command('0');
    const { result } = await send(first, counter);
    expect(result).toMatchObject({ result: { tag: 'TransferCommandResultSuccess' }, nonce: '0' });
    expect(amountsOf(fixture.holdings(bob))).toContain('3.0000000000');
    const [next] = fixture.ledger.active(refs.transferCommandCounter);
    expect(next?.payload).toMatchObject({ sender: alice, nextNonce: '1' });
    const spent = await command('0');
    const failed = await send(spent, String(next?.contractId));
    expect(failed.result).toMatchObject({
      result: { tag: 'TransferCommandResultFailure' },
      nonce: '0',
    });
    expect(fixture.ledger.active(refs.transferCommand).map((c) => c.contractId)).toEqual([ahead]);
  });

  it('is withdrawn by the sender, and expired by a stakeholder only after its expiry', async () => {
    const { fixture, alice, command } = await setUp();
    const cid = await command('0', nowTime(fixture, 1_000_000n));
    const on = (choice: string, choiceArgument: unknown) => ({
      templateId: refs.transferCommand,
      contractId: cid,
      choice,
      choiceArgument,
    });
    await expect(
      fixture.exercise([fixture.dso], on('TransferCommand_Expire', { p: fixture.dso })),
    ).rejects.toThrow(/TransferCommand\.expiresAt/);
    const { result } = await fixture.exercise([alice], on('TransferCommand_Withdraw', {}));
    expect(result).toEqual({ sender: alice, nonce: '0' });
  });

  it('cannot be created past its expiry, nor at it', async () => {
    const { fixture, command } = await setUp();
    await expect(command('0', nowTime(fixture, -1_000_000n))).rejects.toThrow(
      /ExternalPartyAmuletRules_CreateTransferCommand\.expiresAt/,
    );
    await expect(command('0', nowTime(fixture))).rejects.toThrow(/has already passed/);
    expect(fixture.ledger.active(refs.transferCommand)).toEqual([]);
  });

  it('aborts a send the sender cannot pay, keeping the command and its nonce, as Splice does', async () => {
    const { fixture, alice, preapproval, counter, command } = await setUp();
    const tapped = await fixture.tap(alice, '1');
    const cid = await command('0');
    await expect(
      fixture.exercise([fixture.dso], sendCommand(fixture, { cid, counter, preapproval, tapped })),
    ).rejects.toThrow(/Insufficient funds/);
    expect(fixture.ledger.active(refs.transferCommand).map((c) => c.contractId)).toEqual([cid]);
    const [unspent] = fixture.ledger.active(refs.transferCommandCounter);
    expect(unspent).toMatchObject({ contractId: counter, payload: { nextNonce: '0' } });
  });

  it('fails a send to a receiver without a preapproval, archiving it and spending the nonce', async () => {
    const { fixture, alice, counter, command } = await setUp();
    const tapped = await fixture.tap(alice, '10');
    const cid = await command('0');
    const { result } = await fixture.exercise(
      [fixture.dso],
      sendCommand(fixture, { cid, counter, preapproval: null, tapped }),
    );
    expect(result).toMatchObject({
      result: {
        tag: 'TransferCommandResultFailure',
        value: {
          reason: { value: { description: expect.stringMatching(/No TransferPreapproval/) } },
        },
      },
      nonce: '0',
    });
    expect(fixture.ledger.active(refs.transferCommand)).toEqual([]);
    const [spent] = fixture.ledger.active(refs.transferCommandCounter);
    expect(spent?.payload).toMatchObject({ nextNonce: '1' });
  });
});

type Fixture = Awaited<ReturnType<typeof startExternalFixture>>;

/** TransferCommand_Send as the DSO's automation exercises it. */
function sendCommand(
  fixture: Fixture,
  use: { cid: string; counter: string; preapproval: string | null; tapped: string },
) {
  return {
    templateId: refs.transferCommand,
    contractId: use.cid,
    choice: 'TransferCommand_Send',
    choiceArgument: {
      context: {
        amuletRules: fixture.amuletRules,
        context: {
          openMiningRound: fixture.openRound(),
          issuingMiningRounds: [],
          validatorRights: [],
          featuredAppRight: null,
        },
      },
      inputs: [{ tag: 'InputAmulet', value: use.tapped }],
      transferPreapprovalCidO: use.preapproval,
      transferCounterCid: use.counter,
    },
  };
}
