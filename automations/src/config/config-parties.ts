import type { AutomationConfig } from './automation-config.schema.ts';

/** Every party the configuration names: senders and receivers of sweeps, auto-accepts. */
export function partiesOfConfig(config: AutomationConfig): readonly string[] {
  const named = new Set<string>();
  for (const [sender, sweep] of Object.entries(config.walletSweep)) {
    named.add(sender);
    named.add(sweep.receiver);
  }
  for (const [receiver, accepts] of Object.entries(config.autoAcceptTransfers)) {
    named.add(receiver);
    for (const sender of accepts.fromParties) named.add(sender);
  }
  return [...named];
}
