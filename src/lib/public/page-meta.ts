// What a page tells search engines and link previews: description, canonical URL, Open Graph and
// Twitter card tags, built from one typed description of the page and written as escaped HTML.
import { escapeHtml } from '../formats/html-escape';

export const SITE_NAME = 'Viewdeck';
/** Search results cut descriptions near 160 characters; previews show a little more. */
export const DESCRIPTION_MAX_CHARS = 200;

/** A query value that selects content; undefined or '' leaves the key out of the canonical URL. */
export type CanonicalValue = string | readonly string[] | undefined;

/** One page's description for search engines and link previews. */
export interface PageMeta {
  /** The page's own title, as in its <h1> (the site name is added where it belongs). */
  title: string;
  description: string;
  /** The path of the page's canonical form, e.g. '/channel/UCxxxxxxxxxxxxxxxxxxxxxx'. */
  path: string;
  /** The applied values that select the page's content; defaults and display-only keys left out. */
  query?: Readonly<Record<string, CanonicalValue>>;
  /** An absolute http(s) image (a channel's thumbnail); anything else is left out. */
  image?: { url: string; alt: string } | null;
  /** 'profile' for a channel or network, else 'website'. */
  type?: 'website' | 'profile';
  /** Pages that must not be indexed: not-found answers, embeds (their canonical is the full page). */
  noindex?: boolean;
}

/**
 * The page's canonical URL: the origin, the path and only the given query keys, sorted, so every way
 * of writing the same page names one URL.
 * @example canonicalUrl('https://v.example', '/channels', { period: '2026-10', lang: undefined })
 * // 'https://v.example/channels?period=2026-10'
 */
export function canonicalUrl(origin: string, path: string, query: PageMeta['query'] = {}): string {
  const url = new URL(path, `${origin}/`);
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    const values = typeof value === 'string' ? [value] : (value ?? []);
    for (const v of values) if (v !== '') url.searchParams.append(key, v);
  }
  // A comma is plain in a query (a sub-delimiter), and the product's own links write lists with it
  // (/compare?c=UC…,UC…): the canonical URL must be that same string, not its %2C spelling.
  return url.href.replace(/%2C/g, ',');
}

/**
 * Text cut to `max` characters at a word boundary, with an ellipsis; whitespace runs become one space.
 * @example clipText('Top channels by subscribers', 20) // 'Top channels by…'
 */
export function clipText(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:·–-]+$/, '')}…`;
}

function httpImage(image: PageMeta['image'], origin: string): { url: string; alt: string } | null {
  if (!image || image.url === '') return null;
  try {
    const url = new URL(image.url, `${origin}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { url: url.href, alt: image.alt } : null;
  } catch {
    return null;
  }
}

/** One tag of the head: `<meta name|property=… content=…>` or `<link rel=canonical>`. */
export type HeadTag = { kind: 'name' | 'property'; key: string; value: string } | { kind: 'canonical'; value: string };

/**
 * The head tags of a page, in the order they are written.
 * @example headTags({ title: 'Top channels', description: '…', path: '/channels' }, 'https://v.example')
 */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const description = clipText(meta.description);
  const canonical = canonicalUrl(origin, meta.path, meta.query);
  const image = httpImage(meta.image, origin);
  const tags: HeadTag[] = [
    { kind: 'name', key: 'description', value: description },
    { kind: 'canonical', value: canonical },
    { kind: 'property', key: 'og:site_name', value: SITE_NAME },
    { kind: 'property', key: 'og:type', value: meta.type ?? 'website' },
    { kind: 'property', key: 'og:title', value: meta.title },
    { kind: 'property', key: 'og:description', value: description },
    { kind: 'property', key: 'og:url', value: canonical },
    { kind: 'name', key: 'twitter:card', value: 'summary' },
    { kind: 'name', key: 'twitter:title', value: meta.title },
    { kind: 'name', key: 'twitter:description', value: description },
  ];
  if (image) {
    tags.push(
      { kind: 'property', key: 'og:image', value: image.url },
      { kind: 'property', key: 'og:image:alt', value: image.alt },
      { kind: 'name', key: 'twitter:image', value: image.url },
      { kind: 'name', key: 'twitter:image:alt', value: image.alt },
    );
  }
  if (meta.noindex) tags.push({ kind: 'name', key: 'robots', value: 'noindex' });
  return tags;
}

/**
 * The head tags as HTML, every value escaped (titles come from YouTube and may hold anything).
 * @example metaTagsHtml(meta, 'https://v.example') // '<meta name="description" content="…">…'
 */
export function metaTagsHtml(meta: PageMeta, origin: string): string {
  return headTags(meta, origin)
    .map((tag) =>
      tag.kind === 'canonical'
        ? `<link rel="canonical" href="${escapeHtml(tag.value)}">`
        : `<meta ${tag.kind}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.value)}">`,
    )
    .join('\n');
}
