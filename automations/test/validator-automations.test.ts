import { afterEach, describe, expect, it } from 'vitest';
import { policiesOf } from '../src/automation-policies.ts';
import { parseAutomationConfig } from '../src/config/load-automation-config.ts';
import { queueNames } from '../src/triggers/job-trigger.ts';
import { recordLiveness } from '../src/validator/record-liveness.automation.ts';
import { scheduledWork } from '../src/validator/scheduled-work.automation.ts';
import { queueProcessor, validatorAutomations } from '../src/validator/validator-automations.ts';
import { type AutomationNode, startAutomationNode, tickMicros } from './automation-node.ts';

// The validator automations are one table: each declares its trigger, data and processor once,
// and the schedule, the bus and the queues' workers are all built from it.

describe('the validator automations, declared once each', () => {
  let net: AutomationNode | null = null;
  afterEach(async () => {
    await net?.close();
    net = null;
  });

  it('names every job once, and every queue has automations', () => {
    const names = validatorAutomations.map((automation) => automation.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(validatorAutomations.map((automation) => automation.queue))).toEqual(
      new Set(queueNames),
    );
  });

  it("declares each scheduled automation's search as a node schedule task of its name, and removes it on close", async () => {
    net = await startAutomationNode();
    const scheduled = validatorAutomations
      .filter((automation) => automation.scheduled)
      .map((automation) => automation.name);
    expect(scheduled).toContain(recordLiveness.name);
    expect(scheduled).not.toContain(scheduledWork.name);
    const taskNames = () => net?.node.automation.schedule.tasks().map((task) => task.name) ?? [];
    expect(taskNames()).toEqual(expect.arrayContaining(scheduled));
    await net.automations.close();
    expect(taskNames().filter((name) => scheduled.includes(name))).toEqual([]);
  });

  it('runs the jobs its triggers find through its own queue, by its name', async () => {
    net = await startAutomationNode();
    await net.advance(tickMicros * 2n);
    const done = await net.runner.list(recordLiveness.queue, 'completed', 100);
    expect(done.filter((job) => job.name === recordLiveness.name).length).toBeGreaterThan(0);
    expect(done.every((job) => job.result?.outcome !== undefined)).toBe(true);
  });

  it('refuses for good a job its queue has no automation for', async () => {
    net = await startAutomationNode();
    const processor = queueProcessor(recordLiveness.queue, {
      automation: net.node.automation,
      policies: policiesOf(parseAutomationConfig({})),
    });
    const job = (name: string) => ({
      id: 'job-1',
      name,
      data: {},
      attemptsMade: 0,
      updateProgress: async () => {},
    });
    const signal = new AbortController().signal;
    await expect(processor(job(scheduledWork.name), signal)).rejects.toThrow(
      /queue rewards runs no job named scheduled-work/,
    );
  });
});
