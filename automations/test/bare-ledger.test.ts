import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode } from '@pocketnet/runtime';
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { parseAutomationConfig } from '../src/config/load-automation-config.ts';
import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import { startAutomations } from '../src/start-automations.ts';
import { start } from './automation-node.ts';

it('a bare ledger runs the automations without failing: it has no validator, so nothing is due', async () => {
  const failures: unknown[] = [];
  const node = await createNode({
    onBackgroundError: (error) => failures.push(error),
    dataDir: null,
    clock: createSimulatedClock(start),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: null,
  });
  const automations = startAutomations({
    node,
    config: parseAutomationConfig({}),
    runner: createInProcessRunner(),
    logger: pino({ level: 'silent' }),
  });
  try {
    await node.automation.schedule.runDue().catch((error: unknown) => failures.push(error));
    await node.automation.schedule.advanceTo(start + 3_600_000_000n);
    await automations.settled();
    expect(failures).toEqual([]);
  } finally {
    await automations.close();
    await node.close();
  }
});
