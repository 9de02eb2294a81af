// The demo's traffic source and demographics reports read as text and summed per video without the importer,
// against the video grains the importer stored from them (migration 0047: the video page).
import { beforeAll, describe, expect, it } from 'vitest';
import { reportText, type ReportText } from './report-text';
import { CHANNEL, LOAD_TIMEOUT_MS, loadTinyDemo, WORLD, isoDay, rows } from './tiny-demo';

beforeAll(async () => {
  await loadTinyDemo();
}, LOAD_TIMEOUT_MS);

/** A report row's field by its header's column name. */
function columns(report: ReportText): (line: readonly string[], name: string) => string {
  const header = report.header.split(',');
  return (line, name) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`no column ${name}`);
    return line[at] ?? '';
  };
}

/** A row's channel as the tests name it: a claimed copy (uploader thirdParty) counts for the UGC channel. */
const channelOf = (field: (name: string) => string) => (field('uploader_type') === 'thirdParty' ? 'UGC' : field('channel_id'));

const add = (into: Map<string, number>, key: string, value: number) => into.set(key, (into.get(key) ?? 0) + value);

/** Views per (channel, day, video) in the basic report's text, videos only (not the channel page). */
function basicVideoViews(): Map<string, number> {
  const basic = reportText(WORLD, 'content_owner_basic_a4');
  const at = columns(basic);
  const views = new Map<string, number>();
  for (const line of basic.rows) {
    const field = (name: string) => at(line, name);
    if (field('video_id') === '') continue;
    add(views, `${channelOf(field)}|${isoDay(field('date'))}|${field('video_id')}`, Number(field('views')));
  }
  return views;
}

/** '25-34' from AGE_25_34, '65+' from AGE_65_: the reports' codes as the tables' age groups. */
const ageGroup = (code: string) => code.replace(/^AGE_/, '').replace(/_$/, '+').replace('_', '-');
const GENDER: Record<string, string> = { MALE: 'male', FEMALE: 'female', GENDER_OTHER: 'user_specified', USER_SPECIFIED: 'user_specified' };

describe("the tiny demo's reports per video, summed from their text", () => {
  it('has the views, engaged views and watch time of every traffic source row per video and source, by day and by month', async () => {
    const traffic = reportText(WORLD, 'content_owner_traffic_source_a3');
    const at = columns(traffic);
    const days = new Map<string, [number, number, number]>();
    const months = new Map<string, [number, number, number]>();
    const videoViews = new Map<string, number>();
    const sum = (into: Map<string, [number, number, number]>, key: string, values: [number, number, number]) => {
      const s = into.get(key) ?? [0, 0, 0];
      into.set(key, [s[0] + values[0], s[1] + values[1], s[2] + values[2]]);
    };
    for (const line of traffic.rows) {
      const field = (name: string) => at(line, name);
      const video = field('video_id');
      if (video === '') continue;
      const day = isoDay(field('date'));
      const values: [number, number, number] = [
        Number(field('views')),
        Number(field('engaged_views')),
        Number(field('watch_time_minutes')),
      ];
      const channel = channelOf(field);
      sum(days, `${channel}|${day}|${video}|${field('traffic_source_type')}`, values);
      sum(months, `${channel}|${day.slice(0, 7)}|${video}|${field('traffic_source_type')}`, values);
      add(videoViews, `${channel}|${day}|${video}`, values[0]);
    }
    // Watch time is rounded once per key, after summing; a key of all zeros is not stored.
    const rounded = (m: Map<string, [number, number, number]>) =>
      new Map(
        [...m]
          .map(([key, [views, engaged, minutes]]) => [key, [views, engaged, Math.round(minutes)]] as const)
          .filter(([, values]) => values.some((v) => v !== 0)),
      );
    expect(days.size).toBeGreaterThan(0);
    for (const [table, period] of [
      ['video_traffic_daily', 'day'],
      ['video_traffic_monthly', 'month'],
    ] as const) {
      const got = await rows<{ k: string; views: number; engaged: number; minutes: number }>(
        `SELECT ${CHANNEL} || '|' || d.${period} || '|' || d.video_id || '|' || d.source_type AS k,
           d.views, d.engaged_views AS engaged, d.watch_time_minutes AS minutes
         FROM ${table} d JOIN channels c ON c.id = d.channel_id`,
      );
      const stored = new Map(got.map((r) => [r.k, [r.views, r.engaged, r.minutes]]));
      expect(stored, table).toEqual(rounded(period === 'day' ? days : months));
    }
    // A video's sources add up to its views of the day in the basic report (the generator splits them so).
    const basic = basicVideoViews();
    const withViews = new Map([...basic].filter(([, views]) => views > 0));
    expect(new Map([...videoViews].filter(([, views]) => views > 0))).toEqual(withViews);
    // And the stored rows say the same.
    const stored = await rows<{ k: string; views: number }>(
      `SELECT ${CHANNEL} || '|' || d.day || '|' || d.video_id AS k, sum(d.views) AS views
       FROM video_traffic_daily d JOIN channels c ON c.id = d.channel_id GROUP BY 1 HAVING sum(d.views) > 0`,
    );
    expect(new Map(stored.map((r) => [r.k, r.views]))).toEqual(withViews);
  });

  it("has each video's audience cells as views_percentage times the video's basic views, by day and rounded by month", async () => {
    // The weight of a demographics row: the basic report's views of the same key (every column before the metrics).
    const basic = reportText(WORLD, 'content_owner_basic_a4');
    const basicAt = columns(basic);
    const KEY = [
      'date',
      'channel_id',
      'video_id',
      'claimed_status',
      'uploader_type',
      'live_or_on_demand',
      'subscribed_status',
      'country_code',
    ];
    const keyViews = new Map<string, number>();
    for (const line of basic.rows) add(keyViews, KEY.map((name) => basicAt(line, name)).join('|'), Number(basicAt(line, 'views')));

    const shares = reportText(WORLD, 'content_owner_demographics_a1');
    const at = columns(shares);
    const days = new Map<string, number>();
    const months = new Map<string, number>();
    for (const line of shares.rows) {
      const field = (name: string) => at(line, name);
      if (field('video_id') === '') continue;
      const weight = keyViews.get(KEY.map(field).join('|'));
      expect(weight, KEY.map(field).join('|')).toBeDefined();
      const views = ((weight ?? 0) * Number(field('views_percentage'))) / 100;
      const day = isoDay(field('date'));
      const cell = `${field('video_id')}|${ageGroup(field('age_group'))}|${GENDER[field('gender')] ?? field('gender')}`;
      add(days, `${channelOf(field)}|${day}|${cell}`, views);
      add(months, `${channelOf(field)}|${day.slice(0, 7)}|${cell}`, views);
    }
    expect(days.size).toBeGreaterThan(0);

    const got = await rows<{ k: string; views: number }>(
      `SELECT ${CHANNEL} || '|' || d.day || '|' || d.video_id || '|' || d.age_group || '|' || d.gender AS k, d.views
       FROM video_audience_daily d JOIN channels c ON c.id = d.channel_id`,
    );
    // REAL sums: equal up to the order of the additions.
    const expectedDays = [...days].filter(([, views]) => views > 0);
    expect(got.map((r) => r.k).sort()).toEqual(expectedDays.map(([k]) => k).sort());
    const stored = new Map(got.map((r) => [r.k, r.views]));
    for (const [k, views] of expectedDays) expect(stored.get(k), k).toBeCloseTo(views, 6);

    // A month's cell: the rounded sum of its days, cells above zero only.
    const monthly = await rows<{ k: string; views: number }>(
      `SELECT ${CHANNEL} || '|' || d.month || '|' || d.video_id || '|' || d.age_group || '|' || d.gender AS k, d.views
       FROM video_audience_monthly d JOIN channels c ON c.id = d.channel_id`,
    );
    const expectedMonths = new Map([...months].map(([k, views]) => [k, Math.round(views)] as const).filter(([, views]) => views > 0));
    expect(new Map(monthly.map((r) => [r.k, r.views]))).toEqual(expectedMonths);
  });
});
