// Resident memory of a process and its descendants (Linux /proc): how much the local workerd grows
// while it answers one request, sampled while the request runs.
import { readFileSync } from 'node:fs';
import { procStat, processTree } from '../lib/proc-stat.ts';

function rssKb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) : 0;
  } catch {
    return 0;
  }
}

/**
 * The summed RSS (MB) of a process tree.
 * @example treeRssMb(server.pid!)
 */
export function treeRssMb(root: number): number {
  return [...processTree(root)].reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

const cpuTicks = (pid: number): number => procStat(pid)?.cpuTicks ?? 0;

/** CPU seconds (user + system) one process has spent so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  return cpuTicks(pid) / TICKS_PER_SECOND;
}

/**
 * CPU seconds (user + system) spent so far by the processes of a tree that are alive now: sampled before
 * and after some work, the difference is the work's CPU in those processes.
 * @example const before = treeCpuSeconds(pid); await work(); const cpu = treeCpuSeconds(pid) - before
 */
export function treeCpuSeconds(root: number): number {
  return [...processTree(root)].reduce((sum, pid) => sum + cpuTicks(pid), 0) / TICKS_PER_SECOND;
}

/**
 * Runs work while sampling a process tree's RSS every `everyMs`: the peak above the RSS at the start.
 * @example const { result, growthMb } = await sampledGrowth(server.pid!, () => fetch(url))
 */
export async function sampledGrowth<T>(root: number, work: () => Promise<T>, everyMs = 25): Promise<{ result: T; growthMb: number }> {
  const before = treeRssMb(root);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssMb(root));
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, treeRssMb(root));
    return { result, growthMb: peak - before };
  } finally {
    clearInterval(timer);
  }
}
