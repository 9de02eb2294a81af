// /global.csv?table=… and /compare.csv?c=…: the rows of the page's tables (figures checked against the
// rollups in the database), its filters, its refusals as text, the hourly limit, a formula-looking title defused.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicContext } from '../../../src/server/public/context';
import { PUBLIC_CSV_PER_HOUR } from '../../../src/server/public/csv/download';
import { compareCsv } from '../../../src/server/public/csv/compare';
import { globalCsv } from '../../../src/server/public/csv/global';
import { column, DEFUSED, expectHourlyLimit, expectRefusal, NOW, readCsv, request, url } from './csv-download';
import { buildCsvWorld, nowFigures, type CsvWorld } from './csv-world';

let world: CsvWorld;
const ctx = () => publicContext(env);
const global = (query: string, ip = '10.2.0.1', at = NOW) => globalCsv(ctx(), request(ip), url(`/global.csv${query}`), at);
const compare = (query: string, ip = '10.2.0.1', at = NOW) => compareCsv(ctx(), request(ip), url(`/compare.csv${query}`), at);

/** global_stats of `now` summed by a key, the biggest monthly views first. */
async function sums(key: string, where = '1 = 1') {
  const { results } = await env.DB.prepare(
    `SELECT ${key} AS key, sum(monthly_views) AS views, sum(subscriber_count) AS subscribers, sum(channels_count) AS channels
     FROM global_stats WHERE period = 'now' AND ${where} GROUP BY ${key} ORDER BY views DESC`,
  ).all<{ key: string | number; views: number; subscribers: number; channels: number }>();
  return results;
}

beforeAll(async () => {
  world = await buildCsvWorld();
});

describe('/global tables as CSV', () => {
  it('gives the Countries and Top categories tables with the sums of the period', async () => {
    const countries = await readCsv(await global('?table=countries'), 'viewdeck-global-countries-now.csv');
    const byCountry = await sums('country_code');
    expect(column(countries, 'Country code')).toEqual(byCountry.map((r) => r.key));
    expect(column(countries, 'Monthly views').map(Number)).toEqual(byCountry.map((r) => r.views));
    expect(column(countries, 'Subscribers').map(Number)).toEqual(byCountry.map((r) => r.subscribers));
    const categories = await readCsv(await global('?table=categories'));
    const byCategory = await sums('category_id');
    expect(column(categories, 'Category id').map(Number)).toEqual(byCategory.map((r) => r.key));
    expect(column(categories, 'Channels').map(Number)).toEqual(byCategory.map((r) => r.channels));
    const languages = await readCsv(await global('?table=languages'));
    expect(column(languages, 'Language code')).toEqual((await sums('language_code')).map((r) => r.key));
  });

  it('honours the filters: a country keeps its own rows and channels', async () => {
    const countries = await readCsv(await global('?table=countries&country=DE'));
    expect(column(countries, 'Country code')).toEqual(['DE']);
    const top = await readCsv(await global('?table=top-channels&country=DE'), 'viewdeck-global-top-channels-now.csv');
    const german = await nowFigures(`c.country_code = 'DE'`, 'f.monthly_views DESC');
    expect(column(top, 'Channel id')).toEqual(german.map((c) => c.youtube_id));
    expect(column(top, 'Monthly views').map(Number)).toEqual(german.map((c) => c.monthly_views));
    expect(column(top, 'Channel')).toContain(DEFUSED);
    const everyone = await readCsv(await global('?table=top-channels'));
    expect(column(everyone, 'Channel id')).toEqual(
      (await nowFigures('1 = 1', 'f.monthly_views DESC')).slice(0, 5).map((c) => c.youtube_id),
    );
    const networks = await readCsv(await global('?table=top-networks'));
    expect(column(networks, 'Network id')).toEqual([world.networkSlug]);
  });

  it('refuses a missing or unknown table with the names to use, and falls back on an unknown filter as the page does', async () => {
    await expectRefusal(
      await global(''),
      400,
      /No table named: add table= with one of countries, categories, languages, top-channels, top-networks/,
    );
    await expectRefusal(await global('?table=videos'), 400, /Unknown table “videos”/);
    const fallback = await readCsv(await global('?table=countries&country=XX'));
    expect(column(fallback, 'Country code')).toEqual((await sums('country_code')).map((r) => r.key));
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => global('?table=countries', ip, at), '10.2.0.2');
  });
});

describe('/compare as CSV', () => {
  it('gives a row per channel in the order asked, with the figures of its page', async () => {
    const asked = [world.hostileId, world.outside[0]!];
    const csv = await readCsv(await compare(`?c=${asked.join(',')}`), 'viewdeck-compare-2-channels.csv');
    expect(column(csv, 'Channel id')).toEqual(asked);
    const figures = await nowFigures('c.youtube_id IN (SELECT value FROM json_each(?))', 'c.id', JSON.stringify(asked));
    const of = (id: string) => figures.find((f) => f.youtube_id === id)!;
    expect(column(csv, 'Subscribers').map(Number)).toEqual(asked.map((id) => of(id).subscriber_count));
    expect(column(csv, 'Monthly views').map(Number)).toEqual(asked.map((id) => of(id).monthly_views));
    expect(column(csv, 'Watch time and revenue')).toEqual(['estimated', 'estimated']);
    expect(column(csv, 'Channel')[0]).toBe(DEFUSED);
  });

  it('answers a bad id with the page 400 and an id we do not track with its 404, as text', async () => {
    await expectRefusal(await compare('?c=nope'), 400, /"nope" is not a YouTube channel id/);
    await expectRefusal(await compare(`?c=${world.inNetwork.concat(world.outside).join(',')}`), 400, /Compare at most 4 channels/);
    const stranger = `UC${'z'.repeat(22)}`;
    await expectRefusal(await compare(`?c=${world.inNetwork[0]},${stranger}`), 404, new RegExp(`We do not track ${stranger}`));
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => compare(`?c=${world.inNetwork[0]},${world.inNetwork[1]}`, ip, at), '10.2.0.3');
  });
});
