// /network/{id}/channels.csv and /find.csv: the rows of the page they stand for (checked against the
// database), its filters and paging, the page's refusals as text, the hourly limit, a formula-looking title
// defused; and one window shared by every public CSV.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicContext } from '../../../src/server/public/context';
import { PUBLIC_CSV_PER_HOUR } from '../../../src/server/public/csv/download';
import { findCsv } from '../../../src/server/public/csv/find';
import { networkChannelsCsv } from '../../../src/server/public/csv/network';
import { column, DEFUSED, expectHourlyLimit, expectRefusal, NOW, readCsv, request, url } from './csv-download';
import { buildCsvWorld, nowFigures, type CsvWorld } from './csv-world';

let world: CsvWorld;
const ctx = () => publicContext(env);
const network = (query: string, ip = '10.1.0.1') =>
  networkChannelsCsv(ctx(), request(ip), url(`/network/${world.networkSlug}/channels.csv${query}`), world.networkSlug, NOW);
const find = (query: string, ip = '10.1.0.1', at = NOW) => findCsv(ctx(), request(ip), url(`/find.csv${query}`), at);

beforeAll(async () => {
  world = await buildCsvWorld();
});

describe('the channels of a network page as CSV', () => {
  it('gives the rows of the page, by monthly views unless the URL names a metric, with their figures', async () => {
    const expected = await nowFigures('c.network_id IS NOT NULL', 'f.monthly_views DESC, f.subscriber_count DESC, c.id');
    const csv = await readCsv(await network(''), `viewdeck-network-${world.networkSlug}-channels-monthly_views-page-1.csv`);
    expect(column(csv, 'Channel id')).toEqual(expected.map((c) => c.youtube_id));
    expect(column(csv, 'Monthly views').map(Number)).toEqual(expected.map((c) => c.monthly_views));
    expect(column(csv, 'Rank')).toEqual(['1', '2', '3', '4', '5']);
    expect(column(csv, 'Channel')).toContain(DEFUSED);
    const bySubs = await nowFigures('c.network_id IS NOT NULL', 'f.subscriber_count DESC, f.monthly_views DESC, c.id');
    const subs = await readCsv(await network('?metric=subscriber_count'));
    expect(column(subs, 'Channel id')).toEqual(bySubs.map((c) => c.youtube_id));
    expect(column(subs, 'Subscribers').map(Number)).toEqual(bySubs.map((c) => c.subscriber_count));
  });

  it('answers what the page answers for a bad metric or page and an unknown network, as text', async () => {
    await expectRefusal(await network('?metric=likes'), 400, /Unknown ranking metric “likes”/);
    await expectRefusal(await network('?page=abc'), 400, /page/i);
    await expectRefusal(await network('?page=2'), 404, /Page 2 is past the last page/);
    const unknown = await networkChannelsCsv(ctx(), request('10.1.0.1'), url('/network/nope/channels.csv'), 'nope', NOW);
    await expectRefusal(unknown, 404, /No public network nope/);
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit(
      (ip, at) => networkChannelsCsv(ctx(), request(ip), url(`/network/${world.networkSlug}/channels.csv`), world.networkSlug, at),
      '10.1.0.2',
    );
  });
});

describe('channel search results as CSV', () => {
  it('gives the batch of the page for its filters, most monthly views first', async () => {
    const german = await nowFigures(`c.country_code = 'DE'`, 'f.monthly_views DESC');
    const csv = await readCsv(await find('?country=DE'), 'viewdeck-channel-search-page-1.csv');
    expect(csv.head).toEqual([
      'Channel',
      'Channel id',
      'Monthly views',
      'Watch time (hours, estimated)',
      'Subscribers',
      'Language',
      'Category',
      'Country',
    ]);
    expect(column(csv, 'Channel id')).toEqual(german.map((c) => c.youtube_id));
    expect(column(csv, 'Monthly views').map(Number)).toEqual(german.map((c) => c.monthly_views));
    expect(column(csv, 'Country')).toEqual(german.map(() => 'DE'));
    expect(column(csv, 'Channel')).toContain(DEFUSED);
    // A bound leaves out the channels under it, as the page's does.
    const floor = german[2]!.monthly_views;
    const bounded = await readCsv(await find(`?country=DE&form_monthly_views_min=${floor}`));
    expect(column(bounded, 'Channel id')).toEqual(german.slice(0, 3).map((c) => c.youtube_id));
    const all = await nowFigures('1 = 1', 'f.monthly_views DESC');
    expect(column(await readCsv(await find('')), 'Channel id')).toEqual(all.map((c) => c.youtube_id));
  });

  it('falls back where the page does (it refuses no URL): a bad field is left out, a page past the end is empty', async () => {
    const german = await nowFigures(`c.country_code = 'DE'`, 'f.monthly_views DESC');
    const bad = await readCsv(await find('?country=DE&form_subscriber_count_min=abc'));
    expect(column(bad, 'Channel id')).toEqual(german.map((c) => c.youtube_id));
    const unknownCountry = await readCsv(await find('?country=XX'));
    expect(unknownCountry.rows).toHaveLength(7);
    expect((await readCsv(await find('?country=DE&page=2'), 'viewdeck-channel-search-page-2.csv')).rows).toEqual([]);
  });

  it(`refuses the download after ${PUBLIC_CSV_PER_HOUR} in an hour`, async () => {
    await expectHourlyLimit((ip, at) => find('', ip, at), '10.1.0.3');
  });

  it('counts every public CSV in one window per address', async () => {
    for (let i = 0; i < PUBLIC_CSV_PER_HOUR / 2; i += 1) {
      expect((await find('', '10.1.0.4', NOW + i)).status).toBe(200);
      expect((await network('', '10.1.0.4')).status).toBe(200);
    }
    expect((await find('', '10.1.0.4', NOW + PUBLIC_CSV_PER_HOUR)).status).toBe(429);
  });
});
