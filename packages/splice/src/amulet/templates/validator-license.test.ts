import { describe, expect, it } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import { expectRejected, startAmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

const hour = 3_600_000_000n;

async function licensed(net: AmuletLedger) {
  const validator = await net.party('validator');
  const license = await net.ledger.create([net.dso], ids.validatorLicense, {
    validator,
    sponsor: net.dso,
    dso: net.dso,
    faucetState: null,
    metadata: null,
    lastActiveAt: null,
  });
  const choose = async (actAs: string, contractId: string, choice: string, choiceArgument = {}) => {
    const { result } = await net.exercise([actAs], {
      templateId: ids.validatorLicense,
      contractId,
      choice,
      choiceArgument,
    });
    return (result as { licenseCid?: string }).licenseCid ?? '';
  };
  return { validator, license, choose };
}

describe('ValidatorLicense', () => {
  it('takes metadata updates that change something, at most once an hour', async () => {
    const net = await startAmuletLedger();
    const { validator, license, choose } = await licensed(net);
    const update = (cid: string, version: string) =>
      choose(validator, cid, 'ValidatorLicense_UpdateMetadata', {
        version,
        contactPoint: 'ops@example.com',
      });
    const first = await update(license, '0.6.1');
    await expectRejected(update(first, '0.6.1'), 'DAML_FAILURE', /Metadata has changed/);
    await expectRejected(update(first, '0.6.2'), 'DAML_FAILURE', /At least 1h has passed/);
    net.ledger.clock.advance(hour);
    const second = await update(first, '0.6.2');
    const payload = net.ledger
      .active(ids.validatorLicense)
      .find(({ contractId }) => contractId === second)?.payload;
    // splice-amulet 0.1.20: the validator becomes its own sponsor (here the DSO was).
    expect(payload).toMatchObject({
      sponsor: validator,
      metadata: { version: '0.6.2', contactPoint: 'ops@example.com' },
    });
  });

  it('records activity reports at most once an hour', async () => {
    const net = await startAmuletLedger();
    const { validator, license, choose } = await licensed(net);
    const reported = await choose(validator, license, 'ValidatorLicense_ReportActive');
    await expectRejected(
      choose(validator, reported, 'ValidatorLicense_ReportActive'),
      'DAML_FAILURE',
      /At least 1h/,
    );
    net.ledger.clock.advance(hour);
    const again = await choose(validator, reported, 'ValidatorLicense_ReportActive');
    const payload = net.ledger
      .active(ids.validatorLicense)
      .find(({ contractId }) => contractId === again)?.payload;
    expect(payload).toMatchObject({ sponsor: validator, validator });
  });

  it('is withdrawn by the DSO or cancelled by the validator', async () => {
    const net = await startAmuletLedger();
    const { validator, license, choose } = await licensed(net);
    await expectRejected(
      choose(validator, license, 'ValidatorLicense_Withdraw', { reason: 'x' }),
      'DAML_AUTHORIZATION_ERROR',
      /missing .*DSO/,
    );
    await choose(validator, license, 'ValidatorLicense_Cancel', { reason: 'leaving' });
    expect(net.ledger.active(ids.validatorLicense)).toHaveLength(0);
  });
});
