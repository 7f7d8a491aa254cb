import type { TransactionRecord } from '@pocketnet/ledger';
import { transferOfferStatusUpdates } from '../src/wallet/tracking-status.ts';
import { walletReferences } from '../src/wallet/wallet-references.ts';
import { textFieldOf } from '../src/wallet-payments/value-readers.ts';
import type { WalletNet } from './wallet-ledger.test-helper.ts';
import { startWalletNet } from './wallet-ledger.test-helper.ts';

// Two wallet users of one validator, alice offering to bob, for the transfer-offer tests.

export const hourMicros = 3_600_000_000n;

export async function offerSetup() {
  const net = await startWalletNet();
  const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
  const [aliceInstall, bobInstall] = [
    await net.install(alice, 'alice'),
    await net.install(bob, 'bob'),
  ];
  return { net, alice, bob, aliceInstall, bobInstall };
}

export type Setup = Awaited<ReturnType<typeof offerSetup>>;

export function installChoice(
  net: WalletNet,
  install: string,
  user: string,
  choice: string,
  argument: unknown,
) {
  const command = {
    templateId: walletReferences.walletAppInstall,
    contractId: install,
    choice,
    choiceArgument: argument,
  };
  return net.exercise([net.validator], command, [user]);
}

export async function createOffer(
  setup: Setup,
  amount = { amount: '10.0', unit: 'AmuletUnit' },
  trackingId = 'offer-1',
) {
  const expiresAt = new Date(
    Number((setup.net.ledger.clock.nowMicros() + hourMicros) / 1000n),
  ).toISOString();
  const { record, result } = await installChoice(
    setup.net,
    setup.aliceInstall,
    setup.alice,
    'WalletAppInstall_CreateTransferOffer',
    {
      receiver: setup.bob,
      amount,
      description: 'lunch',
      expiresAt,
      trackingId,
    },
  );
  return { record, offer: textFieldOf(result, 'transferOffer') };
}

export async function acceptOffer(setup: Setup, offer: string) {
  const { record, result } = await installChoice(
    setup.net,
    setup.bobInstall,
    setup.bob,
    'WalletAppInstall_TransferOffer_Accept',
    { cid: offer },
  );
  return { record, accepted: textFieldOf(result, 'acceptedTransferOffer') };
}

export const statuses = (records: readonly TransactionRecord[]) =>
  records.flatMap(transferOfferStatusUpdates).map((update) => update.status);
