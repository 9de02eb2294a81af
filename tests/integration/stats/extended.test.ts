// POST /api/stat/extended (the analytics page): every group and figure against sums of the fixture rows, computed here in plain code.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { xlsxCellValues } from '../../../src/server/export/test-support/xlsx-cells';
import { call } from '../http';
import { copyNetworkCatalogue, everyFactsDb, factsDbOfChannel, refreshPartnerRollups } from '../partner-facts';
import { insertRows, type Row } from '../rollup/factory';
import { buildWorld, dollars, within, type World } from './world';

let w: World;
/** The videos table as the fixtures left it (read back, so the counts below come from the rows themselves). */
let videos: Row[];

/** Reach per fact row, the same formula the UPDATE below writes. */
const impressionsOf = (r: Row) => Number(r.views) * 4 + (Number(r.channel_id) % 7);
const clicksOf = (r: Row) => Math.floor(Number(r.views) / 10);

beforeEach(async () => {
  w = await buildWorld();
  // The world's rows carry no reach: give every channel and title row impressions and clicks.
  for (const db of await everyFactsDb())
    for (const table of ['channel_daily', 'channel_title_daily']) {
      await db.prepare(`UPDATE ${table} SET impressions = views * 4 + channel_id % 7, impression_clicks = views / 10`).run();
    }
  await refreshPartnerRollups({ channelDays: w.daily.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  await insertRows('videos', [
    {
      video_id: 'vid00000005',
      channel_id: w.ch2.id,
      title_id: w.titles[1],
      video_title: 'Five',
      published_at: unix('2026-03-01'),
      type: 'live',
    },
    { video_id: 'vid00000006', channel_id: w.ch1.id, title_id: null, video_title: 'Six', published_at: unix('2026-02-10'), type: 'full' },
    {
      video_id: 'vid00000007',
      channel_id: w.ch1.id,
      title_id: w.titles[0],
      video_title: 'Seven',
      published_at: unix('2026-02-28'),
      type: 'short',
    },
  ]);
  await copyNetworkCatalogue(w.networkId);
  videos = (await env.DB.prepare('SELECT * FROM videos').all<Row>()).results;
  await env.DB.prepare("UPDATE users SET dashboard = 'analytics' WHERE id IN (?, ?)").bind(w.a.id, w.b.id).run();
});

function unix(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

type Figures = Record<string, number | null>;
interface Table {
  kind: 'table';
  rows: Array<Figures & { key: string; title: string; change: Figures | null }>;
  total_rows: number;
  page: number;
  per_page: number;
  totals: Figures & { change: Figures | null };
}

async function post(session: string, body: Record<string, unknown>): Promise<{ status: number; data: unknown; error?: string }> {
  const res = await call('/api/stat/extended', { session, body });
  const json = (await res.json()) as { data?: unknown; error?: string };
  return { status: res.status, data: json.data, error: json.error };
}

async function table(body: Record<string, unknown>, session = w.a.session): Promise<Table> {
  const res = await post(session, body);
  expect(res.status, res.error).toBe(200);
  return res.data as Table;
}

/** Plain sums of fact rows; reach only where the grain has it. */
interface Sums {
  views: number;
  minutes: number;
  gained: number;
  lost: number;
  micros: number;
  impressions: number | null;
  clicks: number | null;
  videos: number | null;
}

function sums(rows: Row[], reach: boolean, videoCount: number | null): Sums {
  const add = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    views: add((r) => Number(r.views)),
    minutes: add((r) => Number(r.watch_time_minutes)),
    gained: add((r) => Number(r.subscribers_gained)),
    lost: add((r) => Number(r.subscribers_lost)),
    micros: add((r) => Number(r.partner_revenue_micros)),
    impressions: reach ? add(impressionsOf) : null,
    clicks: reach ? add(clicksOf) : null,
    videos: videoCount,
  };
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const div = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);

/** The documented formulas (docs/stats.md, "Analytics page"), written again. */
function expected(s: Sums): Figures {
  const perK = (n: number) => div(n * 1000, s.views);
  const money = (micros: number | null) => (micros === null ? null : dollars(micros));
  const ctr = div(s.clicks, s.impressions);
  const avd = div(s.minutes * 60, s.views);
  return {
    views: s.views,
    video_count: s.videos,
    subscribers_gained: s.gained,
    subscribers_lost: s.lost,
    subscribers: s.gained - s.lost,
    partner_revenue: dollars(s.micros),
    rpm: money(perK(s.micros)),
    impressions_ctr: ctr === null ? null : r2(ctr * 100),
    average_view_duration_seconds: avd === null ? null : Math.round(avd),
    revenue_per_video: money(div(s.micros, s.videos)),
    views_per_video: ((v) => (v === null ? null : r2(v)))(div(s.views, s.videos)),
    subs_gained_rate: ((v) => (v === null ? null : r2(v)))(perK(s.gained)),
    subs_lost_rate: ((v) => (v === null ? null : r2(v)))(perK(s.lost)),
  };
}

function figuresOnly(row: Figures & { key?: string; title?: string; change?: unknown }): Figures {
  const { key: _key, title: _title, change: _change, ...figures } = row;
  return figures;
}

/** Videos published in [from, to] matching a predicate. */
function published(from: string, to: string, where: (v: Row) => boolean): number {
  const start = Date.parse(`${from}T00:00:00Z`) / 1000;
  const end = Date.parse(`${to}T00:00:00Z`) / 1000 + 86_400;
  return videos.filter((v) => Number(v.published_at) >= start && Number(v.published_at) < end && where(v)).length;
}

const pct = (now: number, before: number) => (before === 0 ? null : r2(((now - before) / Math.abs(before)) * 100));

describe('by channel', () => {
  const FEB = { date_from: '2026-02-01', date_to: '2026-02-28' };
  const JAN = { compare_from: '2026-01-01', compare_to: '2026-01-31' };

  it('answers every figure of each channel and the totals, with the finance rule for whole months', async () => {
    const res = await table({ ...FEB, ...JAN });
    const own = [w.ch1, w.ch2, w.inhouse, w.ugc];
    // February: ch1 has a statement for the whole month (revenue + adjustments); the others are estimates.
    const statement = (month: string, id: number) =>
      w.finance
        .filter((f) => f.month === month && f.channel_id === id)
        .reduce((s, f) => s + Number(f.revenue_micros) + Number(f.adjustment_micros), 0);
    const hasStatement = (month: string, id: number) => w.finance.some((f) => f.month === month && f.channel_id === id);
    const channelSums = (id: number, from: string, to: string, month: string): Sums => {
      const s = sums(
        w.daily.filter(within([id], from, to)),
        true,
        published(from, to, (v) => v.channel_id === id),
      );
      return hasStatement(month, id) ? { ...s, micros: statement(month, id) } : s;
    };
    const want = own.map((c) => ({ c, now: channelSums(c.id, '2026-02-01', '2026-02-28', '2026-02') }));
    expect(res.total_rows).toBe(4);
    expect(res.rows.map((r) => r.key)).toEqual([...want].sort((x, y) => y.now.views - x.now.views).map((x) => x.c.key));
    for (const { c, now } of want) {
      const row = res.rows.find((r) => r.key === c.key);
      expect(row && figuresOnly(row), c.key).toEqual(expected(now));
      const before = channelSums(c.id, '2026-01-01', '2026-01-31', '2026-01');
      expect(row?.change?.views).toBe(pct(now.views, before.views));
      expect(row?.change?.partner_revenue).toBe(pct(now.micros, before.micros));
      expect(row?.change?.impressions_ctr).toBe(
        pct(Number(now.clicks) / Number(now.impressions), Number(before.clicks) / Number(before.impressions)),
      );
      // Nothing published in January on these channels but ch2's one video: a base of 0 has no change.
      expect(row?.change?.video_count).toBe(before.videos ? pct(Number(now.videos), before.videos) : null);
    }
    const all: Sums = want.reduce(
      (t, { now }) => ({
        views: t.views + now.views,
        minutes: t.minutes + now.minutes,
        gained: t.gained + now.gained,
        lost: t.lost + now.lost,
        micros: t.micros + now.micros,
        impressions: Number(t.impressions) + Number(now.impressions),
        clicks: Number(t.clicks) + Number(now.clicks),
        videos: Number(t.videos) + Number(now.videos),
      }),
      { views: 0, minutes: 0, gained: 0, lost: 0, micros: 0, impressions: 0, clicks: 0, videos: 0 },
    );
    expect(figuresOnly(res.totals)).toEqual(expected(all));
    expect(res.totals.change?.views).not.toBeNull();
  });

  it('never shows a foreign channel, even when asked for it', async () => {
    const asked = await table({ ...FEB, channels: [w.chB.key] });
    expect(asked.rows).toEqual([]);
    expect(asked.totals.views).toBe(0);
    const b = await table(FEB, w.b.session);
    expect(b.rows.map((r) => r.key).sort()).toEqual([w.ch2.key, w.chB.key].sort());
  });

  it('leaves changes out without a comparison range', async () => {
    const res = await table(FEB);
    expect(res.rows.every((r) => r.change === null)).toBe(true);
    expect(res.totals.change).toBeNull();
  });
});

describe('by title and video type', () => {
  // Cut months only: every figure is an estimate, so the title rows' revenue is their own.
  const RANGE = { date_from: '2026-02-05', date_to: '2026-03-10' };

  it('sums each title over the title grain, with its videos', async () => {
    const ids = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const res = await table({ ...RANGE, group: 'titles', compare_from: '2025-12-05', compare_to: '2026-01-09' });
    expect(res.total_rows).toBe(2);
    for (const t of w.titles) {
      const rows = w.title.filter((r) => within(ids, RANGE.date_from, RANGE.date_to)(r) && r.title_id === t);
      const count = published(RANGE.date_from, RANGE.date_to, (v) => v.title_id === t && ids.includes(Number(v.channel_id)));
      const row = res.rows.find((r) => r.key === String(t));
      expect(row?.title).toBe(t === w.titles[0] ? 'Show 1' : 'Show 2');
      expect(row && figuresOnly(row)).toEqual(expected(sums(rows, true, count)));
      const before = w.title.filter((r) => within(ids, '2025-12-05', '2026-01-09')(r) && r.title_id === t);
      expect(row?.change?.subscribers_gained).toBe(pct(sums(rows, true, 0).gained, sums(before, true, 0).gained));
    }
    // The totals by title hold titled videos only (the untitled one on ch1 is not a title's).
    expect(res.totals.video_count).toBe(
      published(RANGE.date_from, RANGE.date_to, (v) => v.title_id !== null && ids.includes(Number(v.channel_id))),
    );
  });

  it("totals the title rows only: channel-page subscribers and untitled videos are no title's", async () => {
    // Subscribers gained on ch1's channel page (a channel row with no video) on a day inside the range and one inside the comparison.
    const CHANNEL_PAGE_GAIN = 50_000;
    const db = await factsDbOfChannel(w.ch1.id);
    for (const day of ['2026-02-14', '2025-12-20'])
      await db
        .prepare('UPDATE channel_daily SET subscribers_gained = subscribers_gained + ? WHERE channel_id = ? AND day = ?')
        .bind(CHANNEL_PAGE_GAIN, w.ch1.id, day)
        .run();
    await refreshPartnerRollups({ channelDays: ['2026-02-14', '2025-12-20'].map((day) => ({ channelId: w.ch1.id, day })) });
    const COMPARE = { compare_from: '2025-12-05', compare_to: '2026-01-09' };
    const ids = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const titled = (from: string, to: string) => w.title.filter(within(ids, from, to));
    const res = await table({ ...RANGE, ...COMPARE, group: 'titles' });
    const count = published(RANGE.date_from, RANGE.date_to, (v) => v.title_id !== null && ids.includes(Number(v.channel_id)));
    const now = sums(titled(RANGE.date_from, RANGE.date_to), true, count);
    expect(figuresOnly(res.totals)).toEqual(expected(now));
    // Each figure of the totals is the sum of the title rows' figures.
    for (const field of ['views', 'subscribers_gained', 'subscribers_lost', 'video_count'])
      expect(res.totals[field], field).toBe(res.rows.reduce((s, r) => s + Number(r[field]), 0));
    const before = sums(titled(COMPARE.compare_from, COMPARE.compare_to), true, 0);
    expect(res.totals.change?.subscribers_gained).toBe(pct(now.gained, before.gained));
    expect(res.totals.change?.views).toBe(pct(now.views, before.views));
    // The channels view still counts them.
    const channels = await table({ ...RANGE, group: 'channels' });
    const daily = w.daily.filter(within(ids, RANGE.date_from, RANGE.date_to));
    expect(channels.totals.subscribers_gained).toBe(sums(daily, true, 0).gained + CHANNEL_PAGE_GAIN);
  });

  it('filters by video type: figures of that type, videos of that type', async () => {
    const ids = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    for (const type of ['short', 'full', 'live'] as const) {
      const res = await table({ ...RANGE, group: 'channels', type_video: type });
      for (const c of [w.ch1, w.ch2]) {
        const rows = w.title.filter((r) => within([c.id], RANGE.date_from, RANGE.date_to)(r) && r.video_type === type);
        const count = published(RANGE.date_from, RANGE.date_to, (v) => v.channel_id === c.id && v.type === type);
        const row = res.rows.find((r) => r.key === c.key);
        if (rows.length === 0) expect(row, `${type} ${c.key}`).toBeUndefined();
        else expect(row && figuresOnly(row), `${type} ${c.key}`).toEqual(expected(sums(rows, true, count)));
      }
      const all = w.title.filter((r) => within(ids, RANGE.date_from, RANGE.date_to)(r) && r.video_type === type);
      expect(res.totals.views).toBe(sums(all, true, 0).views);
    }
  });
});

describe('by country', () => {
  const RANGE = { date_from: '2026-02-05', date_to: '2026-03-10' };

  it('answers what the country grain holds and null for reach and videos', async () => {
    const ids = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const res = await table({ ...RANGE, group: 'countries', sort: 'title', order: 'asc' });
    const codes = [...new Set(w.country.map((r) => String(r.country_code)))];
    const names = (await env.DB.prepare('SELECT code2, name FROM countries').all<{ code2: string; name: string }>()).results;
    const nameOf = (code: string) => names.find((n) => n.code2 === code)?.name ?? code;
    expect(res.rows.map((r) => r.title)).toEqual(codes.map(nameOf).sort((a, b) => a.localeCompare(b)));
    for (const code of codes) {
      const rows = w.country.filter((r) => within(ids, RANGE.date_from, RANGE.date_to)(r) && r.country_code === code);
      const row = res.rows.find((r) => r.key === code);
      expect(row && figuresOnly(row)).toEqual(expected(sums(rows, false, null)));
      expect(row?.impressions_ctr).toBeNull();
      expect(row?.video_count).toBeNull();
    }
  });

  it('answers channels under a countries filter from the country grain: no reach, videos still counted', async () => {
    const res = await table({ ...RANGE, countries: ['DE', 'FR'] });
    for (const c of [w.ch1, w.ch2, w.inhouse, w.ugc]) {
      const rows = w.country.filter(
        (r) => within([c.id], RANGE.date_from, RANGE.date_to)(r) && ['DE', 'FR'].includes(String(r.country_code)),
      );
      const videoCount = published(RANGE.date_from, RANGE.date_to, (v) => v.channel_id === c.id);
      const row = res.rows.find((r) => r.key === c.key);
      expect(row && figuresOnly(row), c.key).toEqual(expected(sums(rows, false, videoCount)));
    }
  });

  it('pages 15 rows at a time and answers an empty page past the last', async () => {
    const first = await table({ ...RANGE, group: 'countries' });
    expect(first.per_page).toBe(15);
    const past = await table({ ...RANGE, group: 'countries', page: 2 });
    expect(past.rows).toEqual([]);
    expect(past.total_rows).toBe(first.total_rows);
    const views = first.rows.map((r) => Number(r.views));
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });
});

describe('the chart', () => {
  it('answers views, revenue and net subscribers per bucket of the range', async () => {
    const res = await post(w.a.session, { date_from: '2026-02-05', date_to: '2026-03-10', graph: 1, channels: [w.ch1.key] });
    const data = res.data as { kind: string; period: string; series: Record<string, Array<{ date: string; value: number }>> };
    expect(data.kind).toBe('graph');
    expect(data.period).toBe('days');
    const rows = w.daily.filter(within([w.ch1.id], '2026-02-05', '2026-03-10'));
    expect(data.series.views).toHaveLength(rows.length);
    for (const point of data.series.views ?? []) expect(point.value).toBe(Number(rows.find((r) => r.day === point.date)?.views));
    const sub = data.series.subscribers?.find((p) => p.date === '2026-02-14');
    const day = rows.find((r) => r.day === '2026-02-14');
    expect(sub?.value).toBe(Number(day?.subscribers_gained) - Number(day?.subscribers_lost));
    expect(data.series.partner_revenue?.find((p) => p.date === '2026-02-14')?.value).toBe(dollars(Number(day?.partner_revenue_micros)));
  });
});

describe('refusals', () => {
  const RANGE = { date_from: '2026-02-05', date_to: '2026-03-10' };

  it.each([
    [{ ...RANGE, group: 'videos' }, 'group'],
    [{ ...RANGE, sort: 'likes' }, 'sort'],
    [{ ...RANGE, order: 'up' }, 'order'],
    [{ ...RANGE, page: 0 }, 'page'],
    [{ ...RANGE, page: 1.5 }, 'page'],
    [{ ...RANGE, graph: 'yes' }, 'graph'],
    [{ ...RANGE, type_video: 'vertical' }, 'type_video'],
    [{ date_from: '2026-02-05' }, 'date_to'],
    [{ ...RANGE, group: 'countries', type_video: 'short' }, 'type_video'],
    [{ ...RANGE, group: 'titles', countries: ['US'] }, 'countries'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await post(w.a.session, body);
    expect(res.status).toBe(400);
    expect(res.error?.startsWith(`${field}:`), res.error).toBe(true);
  });

  it('refuses grouping by title without show_title, and everyone but the analytics user', async () => {
    expect((await post(w.b.session, { ...RANGE, group: 'titles' })).status).toBe(403);
    await env.DB.prepare('UPDATE users SET dashboard = NULL WHERE id = ?').bind(w.a.id).run();
    expect((await post(w.a.session, RANGE)).status).toBe(403);
  });
});

describe('the spreadsheet', () => {
  const SEARCH = '?period=custom&from=2026-02-05&to=2026-03-10&compare=custom&cfrom=2026-01-01&cto=2026-02-04&sort=title&order=asc';
  /** Excel's column letters: A..Z, AA.. */
  const letter = (i: number): string =>
    i < 26 ? String.fromCharCode(65 + i) : letter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));

  it("holds every row of the page's query, its changes and totals", async () => {
    const res = await call(`/api/stat/extended/xlsx${SEARCH}`, { session: w.a.session });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('spreadsheetml');
    const cells = xlsxCellValues(new Uint8Array(await res.arrayBuffer()));
    expect(cells.get('A1')).toBe('Analytics by channel');
    // The header row is the one whose first cell is the grouping's name.
    const header = [...cells].find(([address, value]) => /^A\d+$/.test(address) && value === 'Channel')?.[0];
    const line = Number(header?.slice(1));
    const headings = new Map<unknown, string>();
    for (let i = 0; cells.has(`${letter(i)}${line}`); i++) headings.set(cells.get(`${letter(i)}${line}`), letter(i));
    const own = [w.ch1, w.ch2, w.inhouse, w.ugc];
    const names = (await env.DB.prepare('SELECT id, title FROM channels').all<{ id: number; title: string }>()).results;
    const nameOf = (id: number) => names.find((n) => n.id === id)?.title ?? '';
    const sorted = [...own].sort((a, b) => nameOf(a.id).localeCompare(nameOf(b.id)));
    sorted.forEach((c, i) => {
      const rows = w.daily.filter(within([c.id], '2026-02-05', '2026-03-10'));
      const before = w.daily.filter(within([c.id], '2026-01-01', '2026-02-04'));
      expect(cells.get(`A${line + 1 + i}`)).toBe(nameOf(c.id));
      expect(cells.get(`${headings.get('Views')}${line + 1 + i}`)).toBe(sums(rows, true, 0).views);
      // Percent cells hold the fraction (12.5 % is 0.125).
      const change = pct(sums(rows, true, 0).views, sums(before, true, 0).views);
      expect(cells.get(`${headings.get('Views change')}${line + 1 + i}`)).toBeCloseTo(Number(change) / 100, 6);
    });
    const totalsLine = line + 1 + own.length;
    expect(cells.get(`A${totalsLine}`)).toBe('Total');
    const all = w.daily.filter(
      within(
        own.map((c) => c.id),
        '2026-02-05',
        '2026-03-10',
      ),
    );
    expect(cells.get(`${headings.get('Views')}${totalsLine}`)).toBe(sums(all, true, 0).views);
    expect(cells.has(`A${totalsLine + 1}`)).toBe(false);
  });

  it('is refused to everyone but the analytics user', async () => {
    await env.DB.prepare('UPDATE users SET dashboard = NULL WHERE id = ?').bind(w.a.id).run();
    expect((await call(`/api/stat/extended/xlsx${SEARCH}`, { session: w.a.session })).status).toBe(403);
  });
});

describe('lifetime', () => {
  it('sums every day of the scope, and charts them by month from its first to its last day', async () => {
    const ids = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const all = w.daily.filter((r) => ids.includes(Number(r.channel_id)));
    const res = await table({});
    expect(res.totals.views).toBe(sums(all, true, 0).views);
    const graph = (await post(w.a.session, { graph: true })).data as {
      period: string;
      series: Record<string, Array<{ date: string; value: number }>>;
    };
    expect(graph.period).toBe('month');
    const months = [...new Set(all.map((r) => String(r.day).slice(0, 7)))].sort();
    expect(graph.series.views?.map((p) => p.date.slice(0, 7))).toEqual(months);
    for (const point of graph.series.views ?? []) {
      expect(point.value).toBe(
        sums(
          all.filter((r) => String(r.day).startsWith(point.date.slice(0, 7))),
          true,
          0,
        ).views,
      );
    }
  });
});
