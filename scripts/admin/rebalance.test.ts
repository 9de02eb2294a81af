import { describe, expect, it } from 'vitest';
import type { RebalanceAnswer } from '../../src/server/admin/rebalance.ts';
import { runRebalance, type RebalanceCall } from './rebalance.ts';

const OPTIONS = { network: 'acme', channels: [4, 9], from: 0, to: 1, limit: 2000 };

/** A fake admin API: copy and prune answer the pages given, check answers `differ` and where reads go. */
function fakeApi(state: { readsFrom: number | null; differ: string[]; pages: Record<'copy' | 'prune', Array<[string, string, number]>> }) {
  const actions: string[] = [];
  const call: RebalanceCall = (input) => {
    actions.push(input.cursor ? `${input.action} ${input.cursor}` : input.action);
    const check = { network_id: 7, tables: [], differ: state.differ, reads_from: state.readsFrom };
    if (input.action === 'check') return Promise.resolve(check satisfies RebalanceAnswer);
    if (input.action === 'flip') {
      state.readsFrom = input.to;
      return Promise.resolve({ network_id: 7, flipped: input.channels.length, to: input.to });
    }
    const pages = state.pages[input.action];
    const at = input.cursor ? Number(input.cursor) : 0;
    const [phase, table, rows] = pages[at] ?? ['copy', 'none', 0];
    return Promise.resolve({ network_id: 7, phase: phase as 'copy', table, rows, next: at + 1 < pages.length ? String(at + 1) : null });
  };
  return { call, actions };
}

const PAGES = {
  copy: [
    ['clear', 'channel_daily', 0],
    ['copy', 'channels', 2],
    ['copy', 'channel_daily', 2000],
    ['copy', 'channel_daily', 500],
  ] as Array<[string, string, number]>,
  prune: [
    ['prune', 'channel_daily', 2000],
    ['prune', 'channel_daily', 500],
  ] as Array<[string, string, number]>,
};

describe('npm run admin -- rebalance', () => {
  it('copies, checks, flips and prunes, a line per table', async () => {
    const { call, actions } = fakeApi({ readsFrom: 0, differ: [], pages: PAGES });
    const lines: string[] = [];
    expect(await runRebalance(call, OPTIONS, (l) => lines.push(l))).toBe(true);
    expect(actions).toEqual(['check', 'copy', 'copy 1', 'copy 2', 'copy 3', 'check', 'flip', 'prune', 'prune 1']);
    expect(lines.slice(0, -1)).toEqual([
      "copying 2 channels' rows from bucket 0 to bucket 1 ...",
      'copy channels: 2 rows',
      'copy channel_daily: 2,500 rows',
      'check: bucket 1 holds every row of theirs (0 rows)',
      'flip: 2 channels now read from bucket 1',
      'prune channel_daily: 2,500 rows',
    ]);
    expect(lines.at(-1)).toMatch(/^pruned 2,500 rows from bucket 0 \(/);
  });

  it('stops before the flip when the target differs', async () => {
    const { call, actions } = fakeApi({ readsFrom: 0, differ: ['channel_daily'], pages: PAGES });
    expect(await runRebalance(call, OPTIONS, () => undefined)).toBe(false);
    expect(actions).not.toContain('flip');
    expect(actions.some((a) => a.startsWith('prune'))).toBe(false);
  });

  it('resumes at the prune once the channels are flipped', async () => {
    const { call, actions } = fakeApi({ readsFrom: 1, differ: [], pages: PAGES });
    expect(await runRebalance(call, OPTIONS, () => undefined)).toBe(true);
    expect(actions).toEqual(['check', 'prune', 'prune 1']);
  });

  it('refuses channels split between the two buckets', async () => {
    const { call } = fakeApi({ readsFrom: null, differ: [], pages: PAGES });
    await expect(runRebalance(call, OPTIONS, () => undefined)).rejects.toThrow(/some of the channels are in bucket 0, some in 1/);
  });
});
