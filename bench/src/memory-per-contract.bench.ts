import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatBytes, infoLine, statusOf } from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import type { MemoryReading, MemoryScenario } from './memory-scenario.ts';
import { renderTable } from './report-table.ts';

const scenarioScript = join(import.meta.dirname, 'memory-scenario.ts');
const targetBytes = 1024;

const targetLine = (name: string, bytes: number): BenchLine => ({
  name,
  value: `${formatBytes(bytes)}/contract`,
  baseline: '',
  ratio: '',
  target: `< ${formatBytes(targetBytes)}`,
  status: statusOf(bytes < targetBytes),
});

export async function runMemoryPerContract(config: BenchConfig['memory']): Promise<BenchResult> {
  const base = await mkdtemp(join(tmpdir(), 'pocketnet-bench-memory-'));
  const dir = join(base, 'journal');
  const measure = async (scenario: MemoryScenario) => {
    const args = [scenario, dir, String(config.contracts)];
    const reading = await runNodeScript<MemoryReading>(scenarioScript, {
      args,
      nodeFlags: ['--expose-gc'],
    });
    return reading.bytesPerContract;
  };
  try {
    // node-file writes the journal that node-file-replayed reopens; engine-file starts anew.
    const nodeFile = await measure('node-file');
    const replayed = await measure('node-file-replayed');
    const nodeMemory = await measure('node-memory');
    await rm(dir, { recursive: true, force: true });
    const engine = await measure('engine-file');
    await rm(dir, { recursive: true, force: true });
    const engineRecords = await measure('engine-file-records');
    const per = (bytes: number) => `${formatBytes(bytes)}/contract`;
    return {
      lines: [
        targetLine('heap per active Iou, node, file journal', nodeFile),
        targetLine('heap per active Iou, node, after restart', replayed),
        targetLine('heap per active Iou, node, --ephemeral', nodeMemory),
        infoLine('  of which engine state (ACS + dedup, with their records)', per(engine)),
        infoLine('  of which records the engine does not hold', per(engineRecords - engine)),
        infoLine('  of which projection indexes', per(nodeFile - engineRecords)),
      ],
      notes: [
        `memory: ${config.contracts} Ious created one command each, heapUsed after gc minus the empty node's, per contract; breakdown from bare-engine runs (see README)`,
      ],
    };
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runMemoryPerContract(readBenchConfig().memory);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
