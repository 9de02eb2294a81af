// POST /api/illegal/table and /chart: figures per grouping against sums of the fixture rows, sorting,
// paging, the session user's scope, and 400s naming the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../http';
import { buildIllegalWorld, copiesOf, type CopyFixture, dollars, type IllegalWorld } from './world';
import type { IllegalChartAnswer, IllegalTableAnswer } from '../../../src/lib/api/illegal';

let w: IllegalWorld;
beforeAll(async () => {
  w = await buildIllegalWorld();
});

const FEB = { date_from: '2026-02-01', date_to: '2026-02-28' };

async function post<T>(session: string, path: string, body: Record<string, unknown>): Promise<{ status: number; data: T; error?: string }> {
  const res = await call(path, { session, body });
  const json = (await res.json()) as { data: T; error?: string };
  return { status: res.status, data: json.data, error: json.error };
}
const table = (session: string, body: Record<string, unknown>) => post<IllegalTableAnswer>(session, '/api/illegal/table', body);
const chart = (session: string, body: Record<string, unknown>) => post<IllegalChartAnswer>(session, '/api/illegal/chart', body);

function totals(rows: CopyFixture[]) {
  return {
    copies: rows.length,
    blocked: rows.filter((r) => r.claim_status === 'blocked').length,
    views: rows.reduce((s, r) => s + r.views, 0),
    earnings: dollars(rows.reduce((s, r) => s + r.earnings_micros, 0)),
  };
}
const aChannels = () => [w.ch1.id, w.ch2.id, w.ugc.id];

describe('illegal copies table', () => {
  it('lists the copies of the range, newest first, 30 a page, with totals of every page', async () => {
    const expected = copiesOf(w, aChannels(), FEB.date_from, FEB.date_to);
    const first = await table(w.a.session, FEB);
    expect(first.status).toBe(200);
    expect(first.data.totals).toEqual(totals(expected));
    expect(first.data.total_rows).toBe(expected.length);
    expect(first.data.pages).toBe(Math.ceil(expected.length / 30));
    const found = first.data.rows.map((r) => ('found' in r ? r.found : ''));
    expect(found).toEqual([...found].sort().reverse());
    expect(first.data.rows.length).toBe(Math.min(30, expected.length));
  });

  it('sorts by any column both ways and pages through every copy once', async () => {
    const all = copiesOf(w, aChannels());
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 30); page += 1) {
      const answer = await table(w.a.session, { sort: 'views', order: 'asc', page });
      if (answer.data.group_by !== 'none') throw new Error('expected copy rows');
      seen.push(...answer.data.rows.map((r) => r.views));
    }
    expect(seen).toEqual(all.map((c) => c.views).sort((x, y) => x - y));
    const byEarnings = await table(w.a.session, { sort: 'earnings', order: 'desc' });
    if (byEarnings.data.group_by !== 'none') throw new Error('expected copy rows');
    const top = [...all].sort((x, y) => y.earnings_micros - x.earnings_micros)[0];
    expect(byEarnings.data.rows[0]?.video_id).toBe(top?.video_id);
    expect(byEarnings.data.rows[0]?.earnings).toBe(dollars(top?.earnings_micros ?? 0));
    const byUploader = await table(w.a.session, { sort: 'uploader', order: 'asc' });
    const names = byUploader.data.rows.map((r) => ('uploader_title' in r ? r.uploader_title.toLowerCase() : ''));
    expect(names).toEqual([...names].sort());
  });

  it("groups by channel and by title with each group's sums", async () => {
    const inRange = copiesOf(w, aChannels(), FEB.date_from, FEB.date_to);
    const byChannel = await table(w.a.session, { ...FEB, group_by: 'channel', sort: 'name', order: 'asc' });
    if (byChannel.data.group_by === 'none') throw new Error('expected grouped rows');
    for (const ch of [w.ch1, w.ch2, w.ugc]) {
      const row = byChannel.data.rows.find((r) => r.key === ch.key);
      const { copies, blocked, views, earnings } = totals(inRange.filter((c) => c.channel_id === ch.id));
      expect(row).toMatchObject({ copies, blocked, views, earnings });
    }
    expect(byChannel.data.rows.map((r) => r.key).sort()).toEqual([w.ch1.key, w.ch2.key, 'ugc'].sort());
    const byTitle = await table(w.a.session, { ...FEB, group_by: 'title', sort: 'copies' });
    if (byTitle.data.group_by === 'none') throw new Error('expected grouped rows');
    for (const [key, id] of [
      [String(w.titles[0]), w.titles[0]],
      [String(w.titles[1]), w.titles[1]],
      ['none', null],
    ] as const) {
      const { copies, views, earnings } = totals(inRange.filter((c) => c.title_id === id));
      expect(byTitle.data.rows.find((r) => r.key === key)).toMatchObject({ copies, views, earnings });
    }
    const counts = byTitle.data.rows.map((r) => r.copies);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it('filters by titles', async () => {
    const answer = await table(w.a.session, { titles: [w.titles[1]] });
    expect(answer.data.totals).toEqual(totals(copiesOf(w, aChannels()).filter((c) => c.title_id === w.titles[1])));
  });
});

describe('the partner video a copy copies', () => {
  /** Every copy row of a user's table sorted by the copied video's title, page after page. */
  async function copyRows(session: string) {
    const rows = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await table(session, { sort: 'reference', order: 'asc', page });
      if (answer.data.group_by !== 'none') throw new Error('expected copy rows');
      pages = answer.data.pages;
      rows.push(...answer.data.rows);
    }
    return rows;
  }

  it("names a copy's reference video with its title only when it is a video of the copy's own channel", async () => {
    for (const [user, channels] of [
      [w.a, aChannels()],
      [w.b, [w.chB.id, w.ch2.id]],
    ] as const) {
      const rows = await copyRows(user.session);
      const expected = new Map(
        copiesOf(w, [...channels]).map((c) => {
          const video = w.videos.get(c.reference_video_id ?? '');
          const own = video !== undefined && video.channel_id === c.channel_id;
          return [c.video_id, own ? [c.reference_video_id, video.video_title] : [null, null]];
        }),
      );
      expect(new Map(rows.map((r) => [r.video_id, [r.reference_video_id, r.reference_video_title]]))).toEqual(expected);
      // Both kinds are in the world, and the rows come sorted by the video's title, copies of none first.
      expect([...expected.values()].some(([id]) => id === null)).toBe(true);
      expect([...expected.values()].some(([id]) => id !== null)).toBe(true);
      const titles = rows.map((r) => r.reference_video_title ?? '');
      expect(titles).toEqual([...titles].sort());
    }
  });
});

describe('scope', () => {
  it("never shows another user's copies, also when their channel id is sent", async () => {
    const foreign = await table(w.a.session, { channels: [w.chB.key] });
    expect(foreign.data.totals.copies).toBe(0);
    expect(foreign.data.rows).toEqual([]);
    const mixed = await table(w.a.session, { channels: [w.chB.key, w.ch1.key], group_by: 'channel' });
    expect(mixed.data.rows.map((r) => ('key' in r ? r.key : ''))).toEqual([w.ch1.key]);
    const b = await table(w.b.session, { group_by: 'channel' });
    expect(b.data.totals).toEqual(totals(copiesOf(w, [w.chB.id, w.ch2.id])));
    const bChart = await chart(w.b.session, { ...FEB, breakdown: 'channel', channels: [w.ch1.key, 'ugc'] });
    expect(bChart.data.series).toEqual([]);
  });
});

describe('illegal copies chart', () => {
  it('draws each grouping per bucket for the top breakdown rows', async () => {
    const inRange = copiesOf(w, aChannels(), FEB.date_from, FEB.date_to);
    const earns = await chart(w.a.session, { ...FEB, group_by: 'earns', breakdown: 'country' });
    expect(earns.status).toBe(200);
    expect(earns.data.period).toBe('days');
    for (const series of earns.data.series) {
      const rows = inRange.filter((c) => c.country_code === series.key);
      expect(series.total).toBe(dollars(rows.reduce((s, r) => s + r.earnings_micros, 0)));
      const day = rows[0]?.detected_on ?? '';
      const onDay = rows.filter((r) => r.detected_on === day).reduce((s, r) => s + r.earnings_micros, 0);
      expect(series.points.find((p) => p.date === day)?.value).toBe(dollars(onDay));
      expect(series.points).toHaveLength(28);
    }
    expect(earns.data.series.map((s) => s.key).sort()).toEqual([...new Set(inRange.map((c) => c.country_code))].sort());
    const blocked = await chart(w.a.session, { ...FEB, group_by: 'blocked', breakdown: 'channel' });
    for (const series of blocked.data.series) {
      const id = [w.ch1, w.ch2, w.ugc].find((ch) => ch.key === series.key)?.id;
      expect(series.total).toBe(inRange.filter((c) => c.channel_id === id && c.claim_status === 'blocked').length);
    }
  });

  it('sums into one Total series with the summary switch, by month', async () => {
    const all = copiesOf(w, aChannels(), '2026-01-01', '2026-03-31');
    const answer = await chart(w.a.session, {
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      group_by: 'copies',
      summary: true,
      chart_period: 'month',
    });
    expect(answer.data.series).toHaveLength(1);
    expect(answer.data.series[0]?.points.map((p) => p.value)).toEqual(
      ['01', '02', '03'].map((m) => all.filter((c) => c.detected_on.slice(5, 7) === m).length),
    );
    expect(answer.data.totals).toEqual(totals(all));
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/illegal/table', { group_by: 'country' }, 'group_by'],
      ['/api/illegal/table', { sort: 'drop table' }, 'sort'],
      ['/api/illegal/table', { page: 0 }, 'page'],
      ['/api/illegal/table', { page: 1e9 }, 'page'],
      ['/api/illegal/table', { group_by: 'channel', sort: 'uploader' }, 'sort'],
      ['/api/illegal/table', { date_from: '2026-02-30', date_to: '2026-03-01' }, 'date_from'],
      ['/api/illegal/table', { date_from: '2026-03-01' }, 'date_to'],
      ['/api/illegal/table', { channels: ['nope'] }, 'channels'],
      ['/api/illegal/table', { titles: ['1'] }, 'titles'],
      ['/api/illegal/chart', { breakdown: 'video' }, 'breakdown'],
      ['/api/illegal/chart', { summary: 'yes' }, 'summary'],
      ['/api/illegal/chart', { ...FEB, chart_period: 'month' }, 'chart_period'],
      ['/api/illegal/chart', { date_from: '2026-03-01', date_to: '2026-02-01' }, 'date_to'],
      ['/api/illegal/chart', { date_from: '2026-01-01', date_to: '9999-12-31' }, 'date_to'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await post(w.a.session, path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.error, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
    expect((await call('/api/illegal/table', { body: {} })).status).toBe(401);
  });
});
