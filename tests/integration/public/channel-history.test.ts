// History as long as the data goes: a channel with 40 months of monthly history gets all 40 from
// /stat/archive, oldest first, and the channel page's Monthly history table (built by the same functions
// the page calls) lists all 40, newest first, the month still being counted named as the cards name it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ArchiveRow } from '../../../src/lib/api/public-channels';
import { partialMonth } from '../../../src/lib/dates/partial-month';
import { monthlyHistory } from '../../../src/lib/public/monthly-history';
import { getArchive } from '../../../src/server/public/channel';
import { publicContext } from '../../../src/server/public/context';
import { getLatestDay } from '../../../src/server/public/global/overview';
import { call } from '../http';
import { createChannel, insertRows } from '../rollup/factory';

const MONTHS = 40;
const FIRST_YEAR = 2023;
const FIRST_MONTH = 3;
/** 'YYYY-MM' of the i-th month from March 2023. */
function monthAt(i: number): string {
  const index = FIRST_MONTH - 1 + i;
  return `${FIRST_YEAR + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const figuresAt = (i: number) => ({
  subscriber_count: 10_000 + 250 * i,
  view_count: 1_000_000 + 40_000 * i,
  monthly_views: 30_000 + 100 * i,
  monthly_subs: 250 - 3 * i,
});
const LATEST_DAY = `${monthAt(MONTHS - 1)}-18`;

describe('monthly history', () => {
  it('answers and lists every month held, 40 of them, from the oldest', async () => {
    const id = await createChannel();
    const youtubeId = (await env.DB.prepare('SELECT youtube_id FROM channels WHERE id = ?').bind(id).first<{ youtube_id: string }>())!
      .youtube_id;
    // Inserted newest first, so the order answered is the query's, not the insertion's.
    await insertRows(
      'channel_history_monthly',
      Array.from({ length: MONTHS }, (_, i) => ({
        channel_id: id,
        month: monthAt(i),
        video_count: 100 + i,
        watch_time_minutes: 0,
        earnings_micros: 0,
        ...figuresAt(i),
      })).reverse(),
    );
    await insertRows('channel_now', [
      { channel_id: id, day: LATEST_DAY, video_count: 140, watch_time_minutes: 0, earnings_micros: 0, ...figuresAt(MONTHS - 1) },
    ]);

    const res = await call(`/api/analytics?${new URLSearchParams({ path: '/youtube/api/stat/archive', channel_id: youtubeId })}`);
    expect(res.status).toBe(200);
    const archive = ((await res.json()) as { data: { body: ArchiveRow[] } }).data.body;
    expect(archive).toHaveLength(MONTHS);
    expect(archive[0]).toEqual({ month_date: '2023-03-01', ...figuresAt(0) });
    expect(archive.at(-1)).toEqual({ month_date: '2026-06-01', ...figuresAt(MONTHS - 1) });
    expect(archive.map((m) => m.month_date)).toEqual(Array.from({ length: MONTHS }, (_, i) => `${monthAt(i)}-01`));

    // What the page renders: its own reads, then the table's rows.
    const ctx = publicContext(env);
    const latestDay = await getLatestDay(ctx);
    expect(latestDay).toBe('2026-06-18');
    const history = monthlyHistory(await getArchive(ctx, youtubeId), partialMonth(latestDay));
    expect(history.firstMonth).toBe('2023-03');
    expect(history.count).toBe(MONTHS);
    const rows = [...history.recent, ...history.older];
    expect(rows).toHaveLength(MONTHS);
    expect(history.recent).toHaveLength(12);
    expect(rows[0]).toMatchObject({ month: '2026-06', label: 'June 2026 so far (18 days)', partial: true, ...figuresAt(MONTHS - 1) });
    expect(rows[1]).toMatchObject({ month: '2026-05', label: 'May 2026', partial: false });
    expect(rows.at(-1)).toMatchObject({ month: '2023-03', label: 'March 2023', partial: false, ...figuresAt(0) });
  });
});
