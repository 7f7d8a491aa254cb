import type { createGateway } from '@pocketnet/gateway';
import { nodeOfParticipant, type PocketnetNode } from '@pocketnet/runtime';
import { localnetLayoutPorts, localnetParticipants } from './localnet-layout.ts';

type Gateway = ReturnType<typeof createGateway>;

/**
 * LocalNet's ports (`--localnet`): the SV's gateway (Ledger API, validator app, scan) where
 * LocalNet serves them, and each further participant's own Ledger API on its port. Answers the
 * participants' gateways, whose streams the node closes on shutdown.
 */
export async function serveLocalnet(
  node: PocketnetNode,
  listen: (port: number, gateway?: Gateway) => Promise<number>,
  gatewayOf: (participantNode: PocketnetNode) => Gateway,
): Promise<Gateway[]> {
  const { sv, scan, appValidator, participants } = localnetLayoutPorts;
  for (const port of [sv.ledger, sv.validator, scan, appValidator]) await listen(port);
  const gateways: Gateway[] = [];
  for (const [index, name] of localnetParticipants.entries()) {
    const participant = node.participants[index + 1];
    if (!participant) throw new Error(`the node runs no ${name} participant`);
    const gateway = gatewayOf(nodeOfParticipant(node, participant));
    gateways.push(gateway);
    await listen(participants[name], gateway);
  }
  return gateways;
}
