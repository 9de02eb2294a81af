// One process's line of Linux /proc/<pid>/stat, read once for the bench's memory and CPU figures, the
// import's workerd guard and its test; and a process's tree, for those figures and for who holds a port.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  /** The executable's name (comm), at most 15 characters. */
  name: string;
  /** R running, S sleeping, Z zombie (ended, waiting for its parent), … */
  state: string;
  parent: number;
  /** User + system CPU time so far, in clock ticks (USER_HZ: 100 a second on Linux). */
  cpuTicks: number;
}

/**
 * The process's stat line, or null when it is gone (or on a system without /proc).
 * @example procStat(pid)?.state === 'Z'
 */
export function procStat(pid: number): ProcStat | null {
  let line: string;
  try {
    line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields are read after its last ')'.
  const close = line.lastIndexOf(')');
  const fields = line.slice(close + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 11 and 12 after the name.
  return {
    name: line.slice(line.indexOf('(') + 1, close),
    state: fields[0] ?? '',
    parent: Number(fields[1]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
  };
}

/** The ids of the processes running now (none without /proc). */
export function processIds(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * A process and its descendants now.
 * @example processTree(server.pid!).has(workerdPid)
 */
export function processTree(root: number): Set<number> {
  const pids = processIds();
  const tree = new Set([root]);
  // A child may be listed before its parent: repeat until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of pids) {
      const parent = procStat(pid)?.parent ?? null;
      if (!tree.has(pid) && parent !== null && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}
