// Each public page type's head tags from the data the page reads: a hostile channel title escaped, the
// headline figures as the cards show them, canonical URLs that keep only the applied filters; and the
// embed's frame policy against every other page's.
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPublicStatsPath } from '../../../src/lib/account/route-rules';
import {
  channelPageMeta,
  channelsPageMeta,
  findPageMeta,
  globalPageMeta,
  nameFilters,
  networkPageMeta,
  networksPageMeta,
  notFoundMeta,
  trendsPageMeta,
} from '../../../src/lib/public/page-descriptions';
import { metaTagsHtml } from '../../../src/lib/public/page-meta';
import { DEFAULT_RANKING_METRIC } from '../../../src/lib/public/ranking-columns';
import { DEFAULT_NETWORK_METRIC } from '../../../src/lib/public/ranking-metrics';
import { applySecurityHeaders } from '../../../src/server/http/security-headers';
import { getChannelInfo } from '../../../src/server/public/channel';
import { publicContext } from '../../../src/server/public/context';
import { getEmbedChannelCard } from '../../../src/server/public/embed/channel-card';
import { getFilterLists } from '../../../src/server/public/page-filters';
import { isCacheablePageRequest } from '../../../src/server/public/page-cache';
import { getNetworkSummary } from '../../../src/server/public/rankings/networks';
import { readChannelsPageQuery, readNetworksPageQuery } from '../../../src/server/public/rankings/page-query';
import { siteOrigin } from '../../../src/server/public/site-origin';
import { insertRows } from '../rollup/factory';

const ORIGIN = 'https://stats.example';
const bindings = { ...env, PUBLIC_URL: ORIGIN };
const HOSTILE = `Tom's "Best" </title><script>alert('x')</script> & Co 🎉`;
const CHANNEL = 'UCmeta000000000000000001';
const THUMB = 'https://yt3.ggpht.com/meta"thumb.jpg';
const NOW = { subscriber_count: 1_234_567, view_count: 98_765_432, monthly_views: 456_789, monthly_subs: 4_321 };
const BEFORE_VIEWS = 400_000;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
/** The head tags as a map, read back the way a browser reads attributes. */
function readTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]*)" content="([^"]*)">/g)) tags.set(unescape(m[1]!), unescape(m[2]!));
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(html);
  if (canonical) tags.set('canonical', unescape(canonical[1]!));
  return tags;
}

let networkId: number;
beforeEach(async () => {
  const network = await env.DB.prepare(
    `INSERT INTO networks (slug, name, is_public, created_at) VALUES ('north-star', 'North "Star" <Media>', 1, 0) RETURNING id`,
  ).first<{ id: number }>();
  networkId = network!.id;
  const channel = await env.DB.prepare(
    `INSERT INTO channels (youtube_id, title, thumbnail_url, network_id, category_id, language_code, country_code, created_at)
    VALUES (?1, ?2, ?3, ?4, 20, 'en', 'US', 0) RETURNING id`,
  )
    .bind(CHANNEL, HOSTILE, THUMB, networkId)
    .first<{ id: number }>();
  const id = channel!.id;
  await insertRows('channel_now', [
    { channel_id: id, day: '2026-11-20', ...NOW, video_count: 10, watch_time_minutes: 1_000, earnings_micros: 0 },
  ]);
  // The 30 days before 'now' come from two snapshots: base 2026-09-21, end 2026-10-21.
  await insertRows('channel_snapshots', [
    { channel_id: id, day: '2026-09-21', subscriber_count: 1_000_000, view_count: 90_000_000, video_count: 8 },
    { channel_id: id, day: '2026-10-21', subscriber_count: 1_100_000, view_count: 90_000_000 + BEFORE_VIEWS, video_count: 9 },
    { channel_id: id, day: '2026-11-20', subscriber_count: NOW.subscriber_count, view_count: NOW.view_count, video_count: 10 },
  ]);
  await insertRows(
    'network_stats',
    [{ network_id: networkId, period: 'now', channels_count: 1, ...NOW, position: 1, previous_position: null }].map(
      ({ view_count: _v, ...r }) => r,
    ),
  );
});

describe('page meta', () => {
  it('a channel page: its name escaped, its headline figures as the cards show them, its thumbnail', async () => {
    const ctx = publicContext(bindings);
    const info = await getChannelInfo(ctx, CHANNEL, 'now');
    const html = metaTagsHtml(channelPageMeta(info), siteOrigin(bindings, new URL('http://localhost/channel/x')));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('</title>');
    const tags = readTags(html);
    expect(tags.get('og:title')).toBe(HOSTILE);
    expect(tags.get('twitter:title')).toBe(HOSTILE);
    expect(tags.get('og:type')).toBe('profile');
    expect(tags.get('canonical')).toBe(`${ORIGIN}/channel/${CHANNEL}`);
    expect(tags.get('og:url')).toBe(`${ORIGIN}/channel/${CHANNEL}`);
    expect(tags.get('og:image')).toBe('https://yt3.ggpht.com/meta%22thumb.jpg');
    const change = (((NOW.monthly_views - BEFORE_VIEWS) / BEFORE_VIEWS) * 100).toFixed(2);
    const description = tags.get('description')!;
    expect(description).toContain('1,234,567 subscribers');
    expect(description).toContain(`456,789 monthly views (+${change}% vs previous 30 days)`);
    expect(description).toContain('98,765,432 total views');
    expect(tags.get('og:description')).toBe(description);
    expect(tags.get('twitter:card')).toBe('summary');
    expect(tags.has('robots')).toBe(false);
  });

  it('a network page: its name and totals; a not-found page is never indexed', async () => {
    const summary = await getNetworkSummary(publicContext(bindings), 'north-star');
    const tags = readTags(metaTagsHtml(networkPageMeta(summary), ORIGIN));
    expect(tags.get('og:title')).toBe('North "Star" <Media>');
    expect(tags.get('canonical')).toBe(`${ORIGIN}/network/north-star`);
    expect(tags.get('description')).toContain('1 YouTube channels, 1,234,567 subscribers, 456,789 monthly views and 4,321 monthly subs');
    const missing = readTags(metaTagsHtml(notFoundMeta('Network not found', '/network/nope'), ORIGIN));
    expect(missing.get('robots')).toBe('noindex');
  });

  it('rankings and /global: the canonical URL keeps the applied filters and drops unknown values, tracking and display keys', async () => {
    const ctx = publicContext(bindings);
    // The selects offer what the figures hold: one row of 'now' for Gaming (20), English, United States.
    await insertRows('global_stats', [
      {
        period: 'now',
        category_id: 20,
        language_code: 'en',
        country_code: 'US',
        channels_count: 1,
        subscriber_count: 1,
        monthly_views: 1,
        monthly_subs: 1,
        video_count: 1,
        watch_time_minutes: 1,
      },
    ]);
    const lists = await getFilterLists(ctx);
    const url = new URL(
      `http://localhost/channels?country=US&category=20&lang=zz&utm_source=mail&cols=earnings&col=watchtime&metric=monthly_views&period=now`,
    );
    const { query } = readChannelsPageQuery(url, lists);
    const channels = readTags(metaTagsHtml(channelsPageMeta(nameFilters(query, lists), query.metric, DEFAULT_RANKING_METRIC), ORIGIN));
    expect(channels.get('canonical')).toBe(`${ORIGIN}/channels?category=20&country=US&metric=monthly_views`);
    expect(channels.get('og:title')).toBe('Top channels in Gaming, United States');
    expect(channels.get('description')).toContain('by monthly views');

    const plain = readChannelsPageQuery(new URL('http://localhost/channels?metric=subscriber_count&period=1999-01'), lists).query;
    expect(
      readTags(metaTagsHtml(channelsPageMeta(nameFilters(plain, lists), plain.metric, DEFAULT_RANKING_METRIC), ORIGIN)).get('canonical'),
    ).toBe(`${ORIGIN}/channels`);

    const networks = readNetworksPageQuery(new URL('http://localhost/networks?country=US&category=20&fbclid=1'), lists).query;
    expect(
      readTags(
        metaTagsHtml(networksPageMeta(nameFilters(networks, lists), networks.metric, DEFAULT_NETWORK_METRIC, networks.page), ORIGIN),
      ).get('canonical'),
    ).toBe(`${ORIGIN}/networks?country=US`);

    // A deeper page of a ranking is its own page: its number is in the canonical URL and the title.
    const third = readChannelsPageQuery(new URL('http://localhost/channels?metric=watchtime&page=3&utm_source=x'), lists).query;
    const paged = readTags(
      metaTagsHtml(channelsPageMeta(nameFilters(third, lists), third.metric, DEFAULT_RANKING_METRIC, third.page), ORIGIN),
    );
    expect(paged.get('canonical')).toBe(`${ORIGIN}/channels?metric=watchtime&page=3`);
    expect(paged.get('og:title')).toBe('Top channels, page 3');

    const global = readTags(metaTagsHtml(globalPageMeta(nameFilters({ period: 'now', lang: 'en' }, lists)), ORIGIN));
    expect(global.get('canonical')).toBe(`${ORIGIN}/global?lang=en`);
    expect(global.get('og:title')).toBe('Global statistics in English');
  });

  it('trends and search: only the keys that select content', () => {
    const trends = readTags(
      metaTagsHtml(trendsPageMeta('Trends in Germany', { country: 'DE', day: '2026-11-20', time: '7', page: undefined }), ORIGIN),
    );
    expect(trends.get('canonical')).toBe(`${ORIGIN}/trends?country=DE&day=2026-11-20&time=7`);
    const find = readTags(
      metaTagsHtml(
        findPageMeta(
          [
            ['form_str', 'cats'],
            ['form_str', 'dogs'],
            ['country', 'US'],
            ['form_monthly_views_min', '10000'],
          ],
          [['form_monthly_views_min', '10000']],
        ),
        ORIGIN,
      ),
    );
    expect(find.get('canonical')).toBe(`${ORIGIN}/find?country=US&form_str=cats&form_str=dogs`);
  });
});

describe('embed', () => {
  it("its card has the channel page's figures and the snapshot day; an unknown channel has none", async () => {
    const ctx = publicContext(bindings);
    const card = await getEmbedChannelCard(ctx, CHANNEL);
    expect(card).toEqual({
      channel_id: CHANNEL,
      channel_title: HOSTILE,
      thumbnail_url: THUMB,
      figures: {
        subscriber_count: NOW.subscriber_count,
        view_count: NOW.view_count,
        monthly_views: NOW.monthly_views,
        monthly_views_change: Math.round(((NOW.monthly_views - BEFORE_VIEWS) / BEFORE_VIEWS) * 10_000) / 100,
      },
      as_of: '2026-11-20',
    });
    expect(await getEmbedChannelCard(ctx, 'UCnone000000000000000001')).toBeNull();
  });

  it('may be framed by any site, while every other page refuses frames; both are edge cached', () => {
    const headersOf = (path: string) => {
      const headers = new Headers();
      applySecurityHeaders(headers, new URL(`${ORIGIN}${path}`));
      return headers;
    };
    const embed = headersOf(`/embed/channel/${CHANNEL}`);
    expect(embed.get('Content-Security-Policy')).toContain('frame-ancestors *');
    expect(embed.get('Content-Security-Policy')).not.toContain("frame-ancestors 'none'");
    expect(embed.has('X-Frame-Options')).toBe(false);
    for (const path of [`/channel/${CHANNEL}`, '/global', '/', '/dashboard', '/sitemap.xml', '/api/analytics']) {
      const other = headersOf(path);
      expect(other.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
      expect(other.get('X-Frame-Options'), path).toBe('DENY');
    }
    expect(isPublicStatsPath(`/embed/channel/${CHANNEL}`)).toBe(true);
    expect(isCacheablePageRequest(new Request(`${ORIGIN}/embed/channel/${CHANNEL}`))).toBe(true);
  });
});
