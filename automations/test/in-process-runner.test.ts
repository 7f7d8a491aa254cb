import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import { describeRunnerConformance } from './runner-conformance.ts';

describeRunnerConformance('in-process', async () => {
  const runner = createInProcessRunner();
  return { runner, cleanup: () => runner.close() };
});
