import type { WriterAnnouncement } from '@pocketnet/automations';
import { createRedisWriterLedger } from '@pocketnet/automations/redis';
import { createWallClock } from '@pocketnet/ledger';
import { createFollowerClock, observeRecordTime } from '@pocketnet/runtime';
import type { StartOptions } from '../start-options.ts';

/** The journal in Redis for a node, with a clock that resumes from the journal's last time. */
export function redisLedger(
  options: Pick<StartOptions, 'redisPrefix'> & { readonly redisUrl: string },
  onFailure: (error: Error) => void,
) {
  const clock = createFollowerClock(createWallClock());
  const writer = createRedisWriterLedger({
    redisUrl: options.redisUrl,
    prefix: options.redisPrefix,
    onFailure,
    onReplayed: (record) => observeRecordTime(clock, record),
  });
  return { clock, writer };
}

/** What replicas are told of the network, so that they build the node the writer runs. */
export function networkOf(
  options: Pick<StartOptions, 'devnet' | 'ledgerApiVersion'>,
  walletUser: string,
): Omit<WriterAnnouncement, 'epoch'> {
  const { devnet } = options;
  return {
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: options.ledgerApiVersion,
    devnet: devnet && {
      seed: devnet.seed,
      tickMicros: devnet.tickMicros.toString(),
      validatorWalletUser: walletUser,
    },
  };
}
