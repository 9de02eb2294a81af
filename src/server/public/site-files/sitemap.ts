// /sitemap.xml and its parts: an index of parts listing the public pages, every network page and every
// channel page, at most SITEMAP_URLS_PER_PART addresses a part (docs/public-stats.md, "Sitemaps").
import { raw, sql } from '../../db/sql';
import { all } from '../../db/query';
import { escapeHtml } from '../../../lib/formats/html-escape';
import { notFound } from '../../http/errors';
import type { PublicContext } from '../context';
import { getLatestDay } from '../global/overview';

/** The sitemaps protocol's limit for one file (sitemaps.org). */
export const SITEMAP_PROTOCOL_MAX_URLS = 50_000;
/**
 * Addresses per part, under the protocol's limit so that a part answers in under 100 ms uncached on the
 * large dataset even on a loaded machine: 20,000 took 140–200 ms, 10,000 60–100 ms, 5,000 30–65 ms at
 * load 10–12 on 2 cores (`npm run bench:sitemap`, docs/public-stats.md, "Sitemaps").
 */
export const SITEMAP_URLS_PER_PART = 5_000;

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

/** Where each kind's addresses come from: rows in primary-key order, part N holding ids ((N − 1) × size, N × size]. */
const SOURCES: Record<Kind, { table: 'channels' | 'networks'; where: string }> = {
  // Every channel with a YouTube id has a page; the UGC pseudo-channel has none.
  channels: { table: 'channels', where: 'youtube_id IS NOT NULL' },
  networks: { table: 'networks', where: 'is_public = 1' },
};

/**
 * The numbers of a kind's parts that hold at least one address. Parts are id ranges, so a part never
 * reads rows outside its own (no OFFSET walking past the parts before it): the last channel's id bounds
 * the count, and one range seek per part tells whether it holds any.
 */
async function partNumbers(ctx: PublicContext, kind: Kind, perPart: number): Promise<number[]> {
  const { table, where } = SOURCES[kind];
  const rows = await all<{ n: number }>(
    ctx.db,
    raw(
      `WITH RECURSIVE parts(n) AS (
        SELECT 1 WHERE (SELECT max(id) FROM ${table}) IS NOT NULL
        UNION ALL SELECT n + 1 FROM parts WHERE n * ?1 < (SELECT max(id) FROM ${table}))
      SELECT n FROM parts
      WHERE EXISTS (SELECT 1 FROM ${table} WHERE id > (n - 1) * ?1 AND id <= n * ?1 AND ${where})`,
      perPart,
    ),
    'sql',
  );
  return rows.map((r) => r.n);
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
  const [networks, channels, latest] = await Promise.all([
    partNumbers(ctx, 'networks', perPart),
    partNumbers(ctx, 'channels', perPart),
    getLatestDay(ctx),
  ]);
  const names = ['pages', ...networks.map((n) => `networks-${n}`), ...channels.map((n) => `channels-${n}`)];
  const lastmod = latest ? `<lastmod>${latest}</lastmod>` : '';
  const entries = names.map((name) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap/${name}.xml`)}</loc>${lastmod}</sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/**
 * The channel pages of ids (from, to]: a primary-key range; lastmod is the channel's latest snapshot day.
 * The rows come back as arrays (`raw()`), not objects: handing the rows to the worker costs more than
 * the query itself (2 ms of SQLite for 20,000).
 */
async function channelEntries(ctx: PublicContext, origin: string, from: number, to: number): Promise<string[]> {
  const rows = await ctx.env.DB.prepare(
    `SELECT c.youtube_id, n.day FROM channels AS c LEFT JOIN channel_now AS n ON n.channel_id = c.id
    WHERE c.id > ?1 AND c.id <= ?2 AND c.youtube_id IS NOT NULL ORDER BY c.id`,
  )
    .bind(from, to)
    .raw<[string, string | null]>();
  const prefix = `${origin}/channel/`;
  return rows.map(([id, day]) => urlEntry(`${prefix}${encodeURIComponent(id)}`, day));
}

/** The public network pages of ids (from, to]; their figures date from the latest snapshot. */
async function networkEntries(ctx: PublicContext, origin: string, from: number, to: number): Promise<string[]> {
  const [rows, latest] = await Promise.all([
    all<{ slug: string }>(ctx.db, sql`SELECT slug FROM networks WHERE id > ${from} AND id <= ${to} AND is_public = 1 ORDER BY id`, 'sql'),
    getLatestDay(ctx),
  ]);
  return rows.map((r) => urlEntry(`${origin}/network/${encodeURIComponent(r.slug)}`, latest));
}

async function pageEntries(ctx: PublicContext, origin: string): Promise<string[]> {
  const latest = await getLatestDay(ctx);
  return PAGES.map((p) => urlEntry(`${origin}${p.path}`, p.dated ? latest : null));
}

async function missingPart(ctx: PublicContext, kind: Kind, number: number, perPart: number): Promise<string> {
  const parts = await partNumbers(ctx, kind, perPart);
  const has =
    parts.length === 0
      ? `there are no ${kind} parts`
      : `the ${kind} parts are ${kind}-${parts[0]} to ${kind}-${parts.at(-1)}${parts.length < parts.at(-1)! - parts[0]! + 1 ? ' (not every number between)' : ''}`;
  return `No sitemap part ${kind}-${number}: ${has}. The list is at /sitemap.xml.`;
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
    const read = part.kind === 'channels' ? channelEntries : networkEntries;
    entries = await read(ctx, origin, (part.number - 1) * perPart, part.number * perPart);
    // Only a part the index does not list is empty: say which it lists (read again, only on this path).
    if (entries.length === 0) throw notFound(await missingPart(ctx, part.kind, part.number, perPart));
  }
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join('\n')}\n</urlset>\n`;
}
