import type { LifeServers } from '../roles/life-servers.ts';
import { localnetLayoutPorts, localnetParticipants } from './localnet-layout.ts';

/**
 * LocalNet's ports (`--localnet`): the SV's servers (Ledger API, validator app, scan) where
 * LocalNet serves them, and each further participant's servers (its own Ledger API) on its port.
 */
export async function listenLocalnet(
  servers: LifeServers,
  participantServers: readonly LifeServers[],
): Promise<void> {
  const { sv, scan, appValidator, participants } = localnetLayoutPorts;
  for (const port of [sv.ledger, sv.validator, scan, appValidator]) await servers.listen(port);
  for (const [index, name] of localnetParticipants.entries()) {
    const served = participantServers[index];
    if (!served) throw new Error(`no servers for the ${name} participant`);
    await served.listen(participants[name]);
  }
}
