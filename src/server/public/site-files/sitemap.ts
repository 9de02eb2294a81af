// /sitemap.xml and its parts: an index of parts listing the public pages, every network page and every
// channel page, at most SITEMAP_URLS_PER_PART addresses a part (docs/public-stats.md, "Sitemaps").
import { sql } from '../../db/sql';
import { all, first } from '../../db/query';
import { escapeHtml } from '../../../lib/formats/html-escape';
import { notFound } from '../../http/errors';
import type { PublicContext } from '../context';
import { getLatestDay } from '../global/overview';

/** The sitemaps protocol's limit for one file (sitemaps.org). */
export const SITEMAP_PROTOCOL_MAX_URLS = 50_000;
/**
 * Addresses per part: the protocol's own limit. A part of 50,000 channels reads 50,000 rows by the
 * channels' primary key in order and writes some 4 MB of XML (measured in docs/public-stats.md).
 */
export const SITEMAP_URLS_PER_PART = 50_000;

/** The pages that are always there, with whether their figures date from the latest snapshot. */
const PAGES: readonly { path: string; dated: boolean }[] = [
  { path: '/', dated: false },
  { path: '/global', dated: true },
  { path: '/channels', dated: true },
  { path: '/networks', dated: true },
  { path: '/trends', dated: false },
  { path: '/find', dated: false },
];

type Kind = 'channels' | 'networks';
/** A part's name: 'pages', or a kind and its number from 1. */
export type SitemapPart = { kind: 'pages' } | { kind: Kind; number: number };

const PART_NAME = /^(?:(pages)|(channels|networks)-([1-9][0-9]{0,5}))\.xml$/;

/**
 * A part named in a URL, or null when the name is not one a sitemap index could list.
 * @example parsePartName('channels-2.xml') // { kind: 'channels', number: 2 }
 */
export function parsePartName(name: string): SitemapPart | null {
  const match = PART_NAME.exec(name);
  if (!match) return null;
  if (match[1]) return { kind: 'pages' };
  return { kind: match[2] as Kind, number: Number(match[3]) };
}

/** How many addresses each kind has: channels with a page (every channel with a YouTube id), public networks. */
async function countPages(ctx: PublicContext): Promise<Record<Kind, number>> {
  const [channels, networks] = await Promise.all([
    first<{ n: number }>(ctx.db, sql`SELECT count(*) AS n FROM channels WHERE youtube_id IS NOT NULL`),
    first<{ n: number }>(ctx.db, sql`SELECT count(*) AS n FROM networks WHERE is_public = 1`),
  ]);
  return { channels: channels?.n ?? 0, networks: networks?.n ?? 0 };
}

function partsOf(count: number, perPart: number): number {
  return Math.ceil(count / perPart);
}

function urlEntry(loc: string, lastmod: string | null): string {
  return `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * The sitemap index: the pages part, then each networks and channels part, dated with the latest snapshot.
 * @example await sitemapIndexXml(ctx, 'https://v.example')
 */
export async function sitemapIndexXml(ctx: PublicContext, origin: string, perPart = SITEMAP_URLS_PER_PART): Promise<string> {
  const [counts, latest] = await Promise.all([countPages(ctx), getLatestDay(ctx)]);
  const names = ['pages'];
  for (const kind of ['networks', 'channels'] as const) {
    for (let n = 1; n <= partsOf(counts[kind], perPart); n += 1) names.push(`${kind}-${n}`);
  }
  const lastmod = latest ? `<lastmod>${latest}</lastmod>` : '';
  const entries = names.map((name) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap/${name}.xml`)}</loc>${lastmod}</sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The n-th slice of channel pages, in channel id order; lastmod is the channel's latest snapshot day. */
async function channelEntries(ctx: PublicContext, origin: string, offset: number, perPart: number): Promise<string[]> {
  const rows = await all<{ youtube_id: string; day: string | null }>(
    ctx.db,
    sql`SELECT c.youtube_id, n.day FROM channels AS c LEFT JOIN channel_now AS n ON n.channel_id = c.id
      WHERE c.youtube_id IS NOT NULL ORDER BY c.id LIMIT ${perPart} OFFSET ${offset}`,
    'sql',
  );
  return rows.map((r) => urlEntry(`${origin}/channel/${encodeURIComponent(r.youtube_id)}`, r.day));
}

/** The n-th slice of public network pages; their figures date from the latest snapshot. */
async function networkEntries(ctx: PublicContext, origin: string, offset: number, perPart: number): Promise<string[]> {
  const [rows, latest] = await Promise.all([
    all<{ slug: string }>(ctx.db, sql`SELECT slug FROM networks WHERE is_public = 1 ORDER BY id LIMIT ${perPart} OFFSET ${offset}`, 'sql'),
    getLatestDay(ctx),
  ]);
  return rows.map((r) => urlEntry(`${origin}/network/${encodeURIComponent(r.slug)}`, latest));
}

async function pageEntries(ctx: PublicContext, origin: string): Promise<string[]> {
  const latest = await getLatestDay(ctx);
  return PAGES.map((p) => urlEntry(`${origin}${p.path}`, p.dated ? latest : null));
}

/**
 * One part of the sitemap; a part the index does not list is a 404 saying which parts exist.
 * @example await sitemapPartXml(ctx, 'https://v.example', { kind: 'channels', number: 1 })
 */
export async function sitemapPartXml(
  ctx: PublicContext,
  origin: string,
  part: SitemapPart,
  perPart = SITEMAP_URLS_PER_PART,
): Promise<string> {
  let entries: string[];
  if (part.kind === 'pages') {
    entries = await pageEntries(ctx, origin);
  } else {
    const count = (await countPages(ctx))[part.kind];
    const parts = partsOf(count, perPart);
    if (part.number > parts) {
      const has = parts === 0 ? `there are no ${part.kind} parts` : `the ${part.kind} parts are ${part.kind}-1 to ${part.kind}-${parts}`;
      throw notFound(`No sitemap part ${part.kind}-${part.number}: ${has}. The list is at /sitemap.xml.`);
    }
    const offset = (part.number - 1) * perPart;
    entries = await (part.kind === 'channels' ? channelEntries : networkEntries)(ctx, origin, offset, perPart);
  }
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join('\n')}\n</urlset>\n`;
}
