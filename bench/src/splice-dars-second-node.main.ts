import { createPackageCache } from '@pocketnet/daml-lf';
import { sharedSpliceDars, startDevnetNode } from './splice-devnet.ts';

// Issue 21: CPU to start a `--splice-dars` devnet node, the first and the second in one process
// (the second reuses the first's decoded and validated packages, by package id, through the
// package cache this composition root hands to each node).

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const spliceDars = sharedSpliceDars();
const packageCache = createPackageCache();
const lines: string[] = [];
for (const which of ['first', 'second', 'third']) {
  const [cpu, wall] = [cpuMs(), performance.now()];
  const { node } = await startDevnetNode({ spliceDars, packageCache });
  lines.push(
    `${which} --splice-dars devnet node: ${(cpuMs() - cpu).toFixed(0)} ms CPU, ${(performance.now() - wall).toFixed(0)} ms wall`,
  );
  await node.close();
}
console.log(lines.join('\n'));
