import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseStateFile, unrestrictedCaller } from '@pocketnet/runtime';
import { start, writeHistory, cpuMsSince } from './time-machine-node.ts';
const statePath = '/tmp/tmx/state.jsonl';
const histDir = '/tmp/tmx/hist';
if (!existsSync(statePath)) {
  await mkdir(histDir, { recursive: true });
  await writeHistory(histDir, { contracts: 10_000, updates: 100_000 });
  const { node } = await start(histDir);
  const lines: string[] = [];
  for await (const line of node.timeMachine.dump(unrestrictedCaller)) lines.push(line);
  await writeFile(statePath, `${lines.join('\n')}\n`);
  await node.close();
}
const mode = process.argv[2] ?? 'load';
for (let i = 0; i < 2; i++) {
  const loadDir = await mkdtemp(join(tmpdir(), 'tmx-load-'));
  const t0 = performance.now(); const c0 = process.cpuUsage();
  if (mode === 'load') {
    const state = parseStateFile(await readFile(statePath, 'utf8'));
    const t1 = performance.now();
    const { node } = await start(loadDir, state);
    console.log('parse', (t1 - t0).toFixed(0), 'total', (performance.now() - t0).toFixed(0), 'cpu', cpuMsSince(c0).toFixed(0));
    await node.close();
  } else {
    const { node } = await start(histDir);
    console.log('restart', (performance.now() - t0).toFixed(0), 'cpu', cpuMsSince(c0).toFixed(0));
    await node.close();
  }
  await rm(loadDir, { recursive: true, force: true });
}
