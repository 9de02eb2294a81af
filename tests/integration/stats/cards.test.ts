// Every card honours every filter: Geography and Demography under a titles filter, the Demography
// detail rows, and the Subscribers card's per-channel totals.
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../http';
import { insertPartnerRows, refreshPartnerRollups } from '../partner-facts';
import { daysBetween, type Row } from '../rollup/factory';
import { buildWorld, FIRST_DAY, sum, within, type World } from './world';

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

// Whole February (monthly rollup) plus edge days on either side (daily rows).
const RANGE = { date_from: '2026-01-20', date_to: '2026-03-05' };

async function data<T>(session: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  expect(res.status, `${path} ${JSON.stringify(await res.clone().text())}`).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Title x country rows for A's channels: each title has its own countries and figures. */
async function titleCountryRows(): Promise<Row[]> {
  const rows: Row[] = [];
  let seed = 1;
  for (const ch of [w.ch1, w.ch2, w.ugc]) {
    for (const day of daysBetween('2026-01-15', '2026-03-10')) {
      rows.push({ channel_id: ch.id, day, title_id: w.titles[0], video_type: 'full', country_code: 'US', views: 100 + (seed++ % 37) });
      rows.push({ channel_id: ch.id, day, title_id: w.titles[0], video_type: 'short', country_code: 'DE', views: 10 + (seed++ % 11) });
      rows.push({ channel_id: ch.id, day, title_id: w.titles[1], video_type: 'full', country_code: 'JP', views: 1000 + (seed++ % 7) });
    }
  }
  await insertPartnerRows('channel_title_country_daily', rows);
  await refreshPartnerRollups({ channelDays: rows.map((r) => ({ channelId: Number(r.channel_id), day: String(r.day) })) });
  return rows;
}

describe('geography under a titles filter', () => {
  it('answers the views of the chosen titles by country (it used to refuse the filter)', async () => {
    const rows = await titleCountryRows();
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const got = await data<{ total_views: number; title_views_covered: number | null; countries: Array<{ code2: string; views: number }> }>(
      w.a.session,
      '/api/stat/location',
      { ...RANGE, titles: [w.titles[0]] },
    );
    const views = (country: string) =>
      sum(rows, 'views', (r) => within(a, RANGE.date_from, RANGE.date_to)(r) && r.title_id === w.titles[0] && r.country_code === country);
    expect(got.countries.map((c) => ({ code2: c.code2, views: c.views }))).toEqual([
      { code2: 'US', views: views('US') },
      { code2: 'DE', views: views('DE') },
    ]);
    expect(got.total_views).toBe(views('US') + views('DE'));
    // The world's title rows were not loaded with countries: the answer says how much it covers.
    const titleViews = sum(w.title, 'views', (r) => within(a, RANGE.date_from, RANGE.date_to)(r) && r.title_id === w.titles[0]);
    expect(got.title_views_covered).toBe(Math.round((got.total_views / titleViews) * 10_000) / 100);
    expect(got.title_views_covered).toBeLessThan(100);
    const plain = await data<{ title_views_covered: number | null }>(w.a.session, '/api/stat/location', RANGE);
    expect(plain.title_views_covered).toBeNull();
    const shorts = await data<{ countries: Array<{ code2: string }> }>(w.a.session, '/api/stat/location', {
      ...RANGE,
      type_video: 'short',
    });
    expect(shorts.countries.map((c) => c.code2)).toEqual(['DE']);
  });
});

describe('demography under a titles filter', () => {
  it("shares the chosen titles' audience, not the whole network's", async () => {
    const cells: Row[] = [];
    for (const ch of [w.ch1, w.ch2]) {
      for (const month of ['2026-01', '2026-02']) {
        cells.push({
          channel_id: ch.id,
          month,
          title_id: w.titles[0],
          video_type: 'full',
          age_group: '18-24',
          gender: 'female',
          views: 300 + ch.id,
        });
        cells.push({ channel_id: ch.id, month, title_id: w.titles[0], video_type: 'full', age_group: '25-34', gender: 'male', views: 100 });
        cells.push({ channel_id: ch.id, month, title_id: w.titles[1], video_type: 'full', age_group: '65+', gender: 'male', views: 5000 });
      }
    }
    await insertPartnerRows('channel_title_audience_monthly', cells);
    const [got] = await data<Array<{ male: number; female: number; ages: { female_age: Record<string, number> } }>>(
      w.a.session,
      '/api/stat/demographics',
      { ...RANGE, titles: [w.titles[0]] },
    );
    const chosen = cells.filter((c) => c.title_id === w.titles[0]);
    const total = chosen.reduce((s, c) => s + Number(c.views), 0);
    const female = chosen.filter((c) => c.gender === 'female').reduce((s, c) => s + Number(c.views), 0);
    expect(got?.female).toBe(Math.round((female / total) * 10_000) / 100);
    expect(got?.ages.female_age['18-24']).toBe(Math.round((female / total) * 10_000) / 100);
  });

  it("says how much of the titles' views it has an audience for (the demographics report covers few of them)", async () => {
    // Only February has title audience cells, a few views each: the demographics report had rows for few of the titles' videos and days.
    const cells: Row[] = [w.ch1, w.ch2].map((ch) => ({
      channel_id: ch.id,
      month: '2026-02',
      title_id: w.titles[0],
      video_type: 'full',
      age_group: '18-24',
      gender: 'female',
      views: 50 + ch.id,
    }));
    await insertPartnerRows('channel_title_audience_monthly', cells);
    const [got] = await data<Array<{ title_views_covered: number | null }>>(w.a.session, '/api/stat/demographics', {
      ...RANGE,
      titles: [w.titles[0]],
    });
    // Audience is read by whole month: the titles' views of January to March are the measure.
    const a = [w.ch1.id, w.ch2.id, w.inhouse.id, w.ugc.id];
    const titleViews = sum(w.title, 'views', (r) => within(a, '2026-01-01', '2026-03-31')(r) && r.title_id === w.titles[0]);
    const audience = cells.reduce((s, c) => s + Number(c.views), 0);
    expect(titleViews).toBeGreaterThan(audience);
    expect(got?.title_views_covered).toBe(Math.round((audience / titleViews) * 10_000) / 100);
    expect(got?.title_views_covered).toBeLessThan(100);
    const [plain] = await data<Array<{ title_views_covered: number | null }>>(w.a.session, '/api/stat/demographics', RANGE);
    expect(plain?.title_views_covered).toBeNull();
    // The audience details read the same cells: the same share, for the note under their table.
    const details = { ...RANGE, top_field: 'views' };
    const table = await data<{ title_views_covered: number | null }>(w.a.session, '/api/stat/details/audience', {
      ...details,
      titles: [w.titles[0]],
    });
    expect(table.title_views_covered).toBe(Math.round((audience / titleViews) * 10_000) / 100);
    expect(
      (await data<{ title_views_covered: number | null }>(w.a.session, '/api/stat/details/audience', details)).title_views_covered,
    ).toBeNull();
  });

  it('says a countries filter does not apply to audience', async () => {
    const [got] = await data<Array<{ not_filtered_by: string[] }>>(w.a.session, '/api/stat/demographics', { ...RANGE, countries: ['US'] });
    expect(got?.not_filtered_by).toEqual(['countries']);
    const [plain] = await data<Array<{ not_filtered_by: string[] }>>(w.a.session, '/api/stat/demographics', RANGE);
    expect(plain?.not_filtered_by).toEqual([]);
  });
});

describe('demography detail rows', () => {
  it('give a channel the same gender shares as the card when it is the only one', async () => {
    // One channel whose cells make the rounded age shares add up to more than the rounded gender share.
    await w.facts.prepare('DELETE FROM channel_audience_monthly WHERE channel_id = ?').bind(w.ch1.id).run();
    const ages = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
    const cells: Row[] = ages.flatMap((age) => [
      { channel_id: w.ch1.id, month: '2026-02', age_group: age, gender: 'male', views: 1_465 },
      { channel_id: w.ch1.id, month: '2026-02', age_group: age, gender: 'female', views: 1_393 },
    ]);
    await insertPartnerRows('channel_audience_monthly', cells);
    const [got] = await data<Array<{ male: number; female: number; details: Array<{ male: number; female: number }> }>>(
      w.a.session,
      '/api/stat/demographics',
      { date_from: '2026-02-01', date_to: '2026-02-28', channels: [w.ch1.key] },
    );
    expect(got?.details).toHaveLength(1);
    expect(got?.details[0]?.male).toBe(got?.male);
    expect(got?.details[0]?.female).toBe(got?.female);
  });
});

describe('total subscribers by channel', () => {
  it("lists each channel's total at the end of the range, with its running total per bucket", async () => {
    const range = { date_from: '2026-02-01', date_to: '2026-02-28', chart_period: 'days' };
    const got = await data<{ rows: Array<{ id: string; value: number; points: Array<{ date: string; value: number }> }> }>(
      w.a.session,
      '/api/stat/base/subscribers/total/channels',
      range,
    );
    const channels = [w.ch1, w.ch2, w.ugc];
    const totalAt = (id: number, day: string) => sum(w.daily, 'subscribers', within([id], FIRST_DAY, day));
    const expected = channels.map((c) => ({ id: c.key, value: totalAt(c.id, range.date_to) })).sort((x, y) => y.value - x.value);
    expect(got.rows.map((r) => ({ id: r.id, value: r.value }))).toEqual(expected);
    const first = channels.find((c) => c.key === got.rows[0]?.id);
    expect(got.rows[0]?.points).toHaveLength(28);
    expect(got.rows[0]?.points[9]).toMatchObject({ date: '2026-02-10', value: totalAt(first?.id ?? 0, '2026-02-10') });
    // Gains in the range alone would be far smaller than the totals.
    const gained = await data<{ rows: Array<{ value: number }> }>(w.a.session, '/api/stat/subscribers', range);
    expect(gained.rows[0]?.value).toBeLessThan(got.rows[0]?.value ?? 0);
  });
});
