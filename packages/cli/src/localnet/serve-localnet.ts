import type { LifeServers } from '../roles/life-servers.ts';
import { localnetLayoutPorts, localnetParticipants } from './localnet-layout.ts';

/**
 * LocalNet's ports (`--localnet`): the SV's servers (Ledger API, validator app, scan and its UIs)
 * where LocalNet serves them, and each app validator's servers (its Ledger API, validator app and
 * wallet UI) on its own.
 */
export async function listenLocalnet(
  servers: LifeServers,
  participantServers: readonly LifeServers[],
): Promise<void> {
  const { sv, participants } = localnetLayoutPorts;
  for (const port of [sv.ledger, sv.validator, sv.ui]) await servers.listen(port);
  for (const [index, name] of localnetParticipants.entries()) {
    const served = participantServers[index];
    if (!served) throw new Error(`no servers for the ${name} participant`);
    const ports = participants[name];
    for (const port of [ports.ledger, ports.validator, ports.ui]) await served.listen(port);
  }
}
