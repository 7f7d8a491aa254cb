import { readFile } from 'node:fs/promises';

/** A process's resident memory now, in MiB (Linux /proc). */
export async function residentMiB(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return kib / 1024;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds a process has used so far (user + system, Linux /proc). */
export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's CPU time so far, in clock ticks: busy (all but idle and iowait), steal, total. */
export async function machineTicks(): Promise<{ busy: number; steal: number; total: number }> {
  const stat = await readFile('/proc/stat', 'utf8');
  const ticks = (stat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    ticks;
  const busy = user + nice + system + irq + softirq;
  return { busy, steal, total: busy + idle + iowait + steal };
}

/** Busy and stolen shares of the machine's CPU time between two readings, as "busy 71%, steal 20%". */
export function machineShare(
  from: { busy: number; steal: number; total: number },
  to: { busy: number; steal: number; total: number },
): string {
  const total = Math.max(1, to.total - from.total);
  const percent = (ticks: number) => `${((100 * ticks) / total).toFixed(0)}%`;
  return `busy ${percent(to.busy - from.busy)}, steal ${percent(to.steal - from.steal)}`;
}
