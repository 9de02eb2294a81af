// The embeddable channel card: its address and the iframe snippet a site copies.
import { escapeHtml } from '../formats/html-escape';

/** The card's size in the snippet; the card fits it and scales down in a narrower frame. */
export const EMBED_WIDTH_PX = 360;
export const EMBED_HEIGHT_PX = 220;

/**
 * The embed's path for a channel.
 * @example embedPath('UC0000000000000000000001') // '/embed/channel/UC0000000000000000000001'
 */
export function embedPath(youtubeId: string): string {
  return `/embed/channel/${encodeURIComponent(youtubeId)}`;
}

/**
 * The HTML a site pastes to show the card (as text: the channel page shows it to copy).
 * @example embedSnippet('https://v.example', 'UC0000000000000000000001', 'Cosmic Cooking')
 * // '<iframe src="https://v.example/embed/channel/UC0000000000000000000001" title="Cosmic Cooking on Viewdeck" …></iframe>'
 */
export function embedSnippet(origin: string, youtubeId: string, title: string): string {
  const src = `${origin}${embedPath(youtubeId)}`;
  return (
    `<iframe src="${escapeHtml(src)}" title="${escapeHtml(`${title} on Viewdeck`)}" ` +
    `width="${EMBED_WIDTH_PX}" height="${EMBED_HEIGHT_PX}" style="border:0" loading="lazy"></iframe>`
  );
}
