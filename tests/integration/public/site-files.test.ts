// robots.txt, the sitemap index and its parts (counts from the rows inserted here), bad part names,
// and the 50,000-address limit, answered as the worker answers them.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { decideRoute } from '../../../src/lib/account/route-rules';
import { robotsAnswer, sitemapIndexAnswer, sitemapPartAnswer, SITE_FILE_CACHE_CONTROL } from '../../../src/server/public/site-files/answer';
import { robotsAllows } from '../../../src/server/public/site-files/robots';
import {
  SITEMAP_PROTOCOL_MAX_URLS,
  SITEMAP_URLS_PER_PART,
  sitemapIndexXml,
  sitemapPartXml,
} from '../../../src/server/public/site-files/sitemap';
import { publicContext } from '../../../src/server/public/context';

const ORIGIN = 'https://stats.example';
const bindings = { ...env, PUBLIC_URL: `${ORIGIN}/` };
// The request's own host must not leak into any address: PUBLIC_URL names the install.
const asked = (path: string) => new URL(`http://attacker.example${path}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
const youtubeId = (n: number) => `UC${String(n).padStart(22, '0')}`;

/** Inserts `count` channels with ids UC…1 to UC…count, in one statement. */
async function insertChannels(count: number): Promise<void> {
  await env.DB.prepare(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?1)
    INSERT INTO channels (youtube_id, title, created_at) SELECT 'UC' || printf('%022d', n), 'Channel ' || n, 0 FROM seq`,
  )
    .bind(count)
    .run();
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO networks (slug, name, is_public, created_at) VALUES ('north', 'North', 1, 0), ('south', 'South', 1, 0), ('hidden', 'Hidden', 0, 0)`,
    ),
    // The UGC pseudo-channel has no page.
    env.DB.prepare(`INSERT INTO channels (youtube_id, title, is_ugc, created_at) VALUES (NULL, 'UGC', 1, 0)`),
  ]);
});

describe('robots.txt', () => {
  it('is public, cacheable, names the sitemap at PUBLIC_URL and keeps crawlers out of every signed-in area', async () => {
    const res = robotsAnswer(bindings, asked('/robots.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe(SITE_FILE_CACHE_CONTROL);
    const text = await res.text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    const signedIn = [
      '/dashboard',
      '/profile',
      '/details/views',
      '/analytics/views/table',
      '/illegal/table',
      '/streams',
      '/support',
      '/support/inbox',
      '/statements/2026-10',
      '/admin/users',
      '/password/change',
    ];
    for (const path of signedIn) {
      expect(decideRoute(path, null).action, path).toBe('redirect');
      expect(robotsAllows(path), path).toBe(false);
    }
    for (const path of ['/api/auth/login', '/api/admin/networks', '/sign-in-link', '/invite/confirm'])
      expect(robotsAllows(path), path).toBe(false);
    for (const path of [
      '/',
      '/global',
      '/channels',
      '/networks',
      `/channel/${youtubeId(1)}`,
      '/network/north',
      '/trends',
      '/find',
      '/api/analytics?path=/youtube/api/tools/get_langs',
    ]) {
      expect(robotsAllows(path), path).toBe(true);
    }
  });

  it('is, like the embeds, a page anyone may open, signed in or not', () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap/channels-1.xml', `/embed/channel/${youtubeId(1)}`]) {
      expect(decideRoute(path, null), path).toEqual({ action: 'render', area: 'public' });
      expect(decideRoute(path, { showAnalytics: false, dashboard: null }), path).toEqual({ action: 'render', area: 'public' });
    }
  });
});

describe('sitemap', () => {
  it('lists the pages part, each networks part and each channels part, dated with the latest snapshot', async () => {
    await insertChannels(5);
    await env.DB.prepare(
      `INSERT INTO channel_now (channel_id, day, subscriber_count, view_count, video_count, monthly_views, monthly_subs, watch_time_minutes, earnings_micros)
      SELECT id, CASE WHEN youtube_id = ?1 THEN '2026-11-20' ELSE '2026-11-18' END, 1, 1, 1, 1, 1, 1, 0 FROM channels WHERE youtube_id IN (?1, ?2)`,
    )
      .bind(youtubeId(2), youtubeId(4))
      .run();
    const res = await sitemapIndexAnswer(bindings, asked('/sitemap.xml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('Cache-Control')).toBe(SITE_FILE_CACHE_CONTROL);
    const xml = await res.text();
    expect(locs(xml)).toEqual([`${ORIGIN}/sitemap/pages.xml`, `${ORIGIN}/sitemap/networks-1.xml`, `${ORIGIN}/sitemap/channels-1.xml`]);
    expect(xml.match(/<lastmod>2026-11-20<\/lastmod>/g)).toHaveLength(3);

    const pages = await (await sitemapPartAnswer(bindings, asked('/sitemap/pages.xml'), 'pages.xml')).text();
    expect(locs(pages)).toEqual(['/', '/global', '/channels', '/networks', '/trends', '/find'].map((p) => `${ORIGIN}${p}`));

    const networks = await (await sitemapPartAnswer(bindings, asked('/sitemap/networks-1.xml'), 'networks-1.xml')).text();
    expect(locs(networks)).toEqual([`${ORIGIN}/network/north`, `${ORIGIN}/network/south`]);

    const channels = await (await sitemapPartAnswer(bindings, asked('/sitemap/channels-1.xml'), 'channels-1.xml')).text();
    expect(locs(channels)).toEqual([1, 2, 3, 4, 5].map((n) => `${ORIGIN}/channel/${youtubeId(n)}`));
    // lastmod only where the data has a date: the channel's latest snapshot.
    expect(channels).toContain(`<url><loc>${ORIGIN}/channel/${youtubeId(2)}</loc><lastmod>2026-11-20</lastmod></url>`);
    expect(channels).toContain(`<url><loc>${ORIGIN}/channel/${youtubeId(4)}</loc><lastmod>2026-11-18</lastmod></url>`);
    expect(channels).toContain(`<url><loc>${ORIGIN}/channel/${youtubeId(1)}</loc></url>`);

    // An id YouTube would never give still makes a valid address.
    const odd = `UC&<"'${'x'.repeat(18)}`;
    await env.DB.prepare(`INSERT INTO channels (youtube_id, title, created_at) VALUES (?1, 'Odd', 0)`).bind(odd).run();
    const withOdd = await (await sitemapPartAnswer(bindings, asked('/sitemap/channels-1.xml'), 'channels-1.xml')).text();
    expect(withOdd).toContain(`<url><loc>${ORIGIN}/channel/UC%26%3C%22&#39;${'x'.repeat(18)}</loc></url>`);
    expect(locs(withOdd)).toHaveLength(6);
  });

  it('splits channels into parts of at most the protocol limit, every channel exactly once', async () => {
    expect(SITEMAP_URLS_PER_PART).toBeLessThanOrEqual(SITEMAP_PROTOCOL_MAX_URLS);
    const total = SITEMAP_URLS_PER_PART + 3;
    await insertChannels(total);
    const index = locs(await (await sitemapIndexAnswer(bindings, asked('/sitemap.xml'))).text());
    expect(index.filter((l) => l.includes('/channels-'))).toEqual([`${ORIGIN}/sitemap/channels-1.xml`, `${ORIGIN}/sitemap/channels-2.xml`]);
    const first = locs(await (await sitemapPartAnswer(bindings, asked('/x'), 'channels-1.xml')).text());
    const second = locs(await (await sitemapPartAnswer(bindings, asked('/x'), 'channels-2.xml')).text());
    // Parts are id ranges: the UGC pseudo-channel (inserted first) takes an id of part 1 and has no page.
    expect(first.length).toBeLessThanOrEqual(SITEMAP_URLS_PER_PART);
    expect(first).toHaveLength(SITEMAP_URLS_PER_PART - 1);
    expect(second).toEqual([total - 3, total - 2, total - 1, total].map((n) => `${ORIGIN}/channel/${youtubeId(n)}`));
    const expected = Array.from({ length: total }, (_, i) => `${ORIGIN}/channel/${youtubeId(i + 1)}`);
    expect([...first, ...second]).toEqual(expected);
    const res = await sitemapPartAnswer(bindings, asked('/x'), 'channels-3.xml');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(
      'No sitemap part channels-3: the channels parts are channels-1 to channels-2. The list is at /sitemap.xml.\n',
    );
  });

  it('splits at the size it is given (the same code path as the protocol limit)', async () => {
    await insertChannels(7);
    const ctx = publicContext(bindings);
    const xml = await sitemapIndexXml(ctx, ORIGIN, 3);
    expect(locs(xml).filter((l) => l.includes('/channels-'))).toHaveLength(3);
    // A range left without channels is not listed, and asking for it says what is.
    await env.DB.prepare('DELETE FROM channels WHERE id BETWEEN 4 AND 6').run();
    const gapped = await sitemapIndexXml(ctx, ORIGIN, 3);
    expect(locs(gapped).filter((l) => l.includes('/channels-'))).toEqual([
      `${ORIGIN}/sitemap/channels-1.xml`,
      `${ORIGIN}/sitemap/channels-3.xml`,
    ]);
    await expect(sitemapPartXml(ctx, ORIGIN, { kind: 'channels', number: 2 }, 3)).rejects.toThrow(
      'No sitemap part channels-2: the channels parts are channels-1 to channels-3 (not every number between).',
    );
  });

  it('answers a 404 with a message for a part that does not exist', async () => {
    await insertChannels(2);
    const cases: [string, string][] = [
      ['channels-2.xml', 'No sitemap part channels-2: the channels parts are channels-1 to channels-1.'],
      ['channels-0.xml', 'No sitemap part “channels-0.xml”: parts are named pages.xml, networks-N.xml or channels-N.xml (N from 1).'],
      ['channels-01.xml', 'No sitemap part “channels-01.xml”'],
      ['users-1.xml', 'No sitemap part “users-1.xml”'],
      ['channels-1.txt', 'No sitemap part “channels-1.txt”'],
      ['channels-99999999999999.xml', 'No sitemap part “channels-99999999999999.xml”'],
      [`${'a'.repeat(500)}.xml`, `No sitemap part “${'a'.repeat(80)}…”`],
    ];
    for (const [name, message] of cases) {
      const res = await sitemapPartAnswer(bindings, asked(`/sitemap/${name}`), name);
      expect(res.status, name).toBe(404);
      expect(res.headers.get('Content-Type'), name).toBe('text/plain; charset=utf-8');
      expect(await res.text(), name).toContain(message);
    }
    await env.DB.prepare('DELETE FROM channels').run();
    const none = await sitemapPartAnswer(bindings, asked('/x'), 'channels-1.xml');
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('there are no channels parts');
  });
});
