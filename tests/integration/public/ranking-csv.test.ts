// /channels.csv and /networks.csv: the rows of the page they stand for (order, figures, a hostile title
// defused), the page's own refusal for bad parameters, and the hourly limit per address.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshRollups } from '../../../src/server/ingest/rollup/index';
import { publicContext } from '../../../src/server/public/context';
import { PUBLIC_CSV_PER_HOUR } from '../../../src/server/public/csv/download';
import { channelsCsv, networksCsv } from '../../../src/server/public/rankings/csv';
import { createChannel, createNetwork, daysBetween, insertSnapshots, snapshotSeries } from '../rollup/factory';

const DAYS = daysBetween('2026-02-01', '2026-03-20');
const NOW = 1_774_000_000;
const HOSTILE = '=HYPERLINK("http://x","y")';

const request = (ip: string) => new Request('http://localhost/x', { headers: { 'CF-Connecting-IP': ip } });
const url = (path: string) => new URL(`http://localhost${path}`);

function parse(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) =>
      line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')),
    )
    .map((cells) => cells.slice(0, -1).concat(cells.at(-1) === '' ? [] : [cells.at(-1)!]));
}

let ids: { youtube_id: string; views: number }[] = [];

beforeAll(async () => {
  const network = await createNetwork();
  const snapshots = [];
  for (let i = 0; i < 5; i += 1) {
    const id = await createChannel({ networkId: network, categoryId: 20, countryCode: 'DE', languageCode: 'de' });
    if (i === 2) await env.DB.prepare('UPDATE channels SET title = ? WHERE id = ?').bind(HOSTILE, id).run();
    snapshots.push(...snapshotSeries(id, DAYS, { subs: 1000 + i, views: 10_000 }, () => ({ views: 100 * (i + 1), subs: 1 })));
  }
  await insertSnapshots(snapshots);
  await refreshRollups(env.DB, { snapshotDays: DAYS });
  const { results } = await env.DB.prepare(
    `SELECT c.youtube_id, f.monthly_views AS views FROM channel_now f JOIN channels c ON c.id = f.channel_id ORDER BY f.monthly_views DESC, f.subscriber_count DESC, c.id`,
  ).all<{ youtube_id: string; views: number }>();
  ids = results;
});

describe('ranking CSV', () => {
  it('gives the page rows in its order, with their figures, and a formula-looking title defused', async () => {
    const res = await channelsCsv(publicContext(env), request('10.0.0.1'), url('/channels.csv?metric=monthly_views'), NOW);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/csv');
    expect(res.headers.get('Content-Disposition')).toContain('viewdeck-top-channels-monthly_views-now-page-1.csv');
    const [head, ...rows] = parse(await res.text());
    expect(head!.slice(0, 8)).toEqual([
      'Rank',
      'Channel',
      'Channel id',
      'Country',
      'Category',
      'Subscribers',
      'Total views',
      'Monthly views',
    ]);
    expect(rows.map((r) => r[2])).toEqual(ids.map((c) => c.youtube_id));
    expect(rows.map((r) => Number(r[7]))).toEqual(ids.map((c) => c.views));
    expect(rows.map((r) => Number(r[0]))).toEqual(ids.map((_, i) => i + 1));
    // The CSV writer prefixes a cell a spreadsheet would run as a formula.
    expect(rows.some((r) => r[1] === `'${HOSTILE}`)).toBe(true);
  });

  it('lists networks the same way, and answers a bad parameter with the page refusal as text', async () => {
    const networks = await networksCsv(publicContext(env), request('10.0.0.2'), url('/networks.csv'), NOW);
    expect(networks.status).toBe(200);
    expect(parse(await networks.text())[0]!.slice(0, 4)).toEqual(['Rank', 'Network', 'Network id', 'Channels']);
    const bad = await channelsCsv(publicContext(env), request('10.0.0.2'), url('/channels.csv?metric=bogus'), NOW);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/metric/i);
    const past = await channelsCsv(publicContext(env), request('10.0.0.2'), url('/channels.csv?page=99'), NOW);
    expect(past.status).toBe(404);
  });

  it(`refuses an address a download past ${PUBLIC_CSV_PER_HOUR} within the hour, saying when to come back`, async () => {
    const ctx = publicContext(env);
    for (let i = 0; i < PUBLIC_CSV_PER_HOUR; i += 1) {
      expect((await channelsCsv(ctx, request('10.0.0.3'), url('/channels.csv'), NOW + i)).status).toBe(200);
    }
    const refused = await channelsCsv(ctx, request('10.0.0.3'), url('/channels.csv'), NOW + PUBLIC_CSV_PER_HOUR);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(`At most ${PUBLIC_CSV_PER_HOUR} downloads an hour`);
    // Another address is not held back, and the first is let in once its hour has passed.
    expect((await channelsCsv(ctx, request('10.0.0.4'), url('/channels.csv'), NOW + PUBLIC_CSV_PER_HOUR)).status).toBe(200);
    expect((await channelsCsv(ctx, request('10.0.0.3'), url('/channels.csv'), NOW + 3600 + 1)).status).toBe(200);
  });
});
