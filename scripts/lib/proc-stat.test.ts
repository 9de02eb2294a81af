import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { procStat, processIds } from './proc-stat.ts';

describe('procStat', () => {
  it("reads this process's name, parent, state and CPU", () => {
    const stat = procStat(process.pid);
    // Its name holds a space and parentheses here ("node (vitest 1)"): /proc/<pid>/comm says it alone.
    expect(stat?.name).toBe(readFileSync(`/proc/${process.pid}/comm`, 'utf8').trimEnd());
    expect(stat?.parent).toBe(process.ppid);
    expect(stat?.state).toMatch(/^[RS]$/);
    expect(stat?.cpuTicks).toBeGreaterThan(0);
  });

  it('is null for a process that is not there', () => {
    expect(procStat(2 ** 22 + 1)).toBeNull();
  });

  it('lists this process among those running', () => {
    expect(processIds()).toContain(process.pid);
  });
});
