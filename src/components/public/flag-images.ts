// Country flags as small images (flag-icons', rasterized by scripts/flags.ts): emoji flags need a colour
// emoji font, which Windows and many Linux desktops lack, and an SVG image is a document the page's main
// thread parses, lays out and paints, where a PNG is decoded off it. Vite copies each PNG into the build; a
// page loads only the flags it shows (lazily, 20×15).
import { countryName } from '../../lib/formats/flags';
import { escapeHtml } from '../../lib/formats/html-escape';

const FILES = import.meta.glob<string>('/src/assets/flags/*.png', { query: '?no-inline', import: 'default', eager: true });
const URLS = new Map(Object.entries(FILES).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -4).toUpperCase(), url]));

/** The flag image's URL for a two-letter code, or null (unknown codes and 'ZZ'). */
export function flagUrl(code2: string | null | undefined): string | null {
  if (!code2 || code2 === 'ZZ') return null;
  return URLS.get(code2.toUpperCase()) ?? null;
}

/**
 * The flag as an <img> with the country's name on hover and for screen readers (unless decorative,
 * next to the name); '' without one.
 * @example flagImageHtml('US') // '<img class="flag" src="/_astro/us….png" alt="United States" …>'
 */
export function flagImageHtml(code2: string | null | undefined, options: { decorative?: boolean } = {}): string {
  const url = flagUrl(code2);
  if (!url || !code2) return '';
  const name = escapeHtml(countryName(code2));
  // Next to the country's name the flag adds nothing for a screen reader.
  const alt = options.decorative ? '' : name;
  return `<img class="flag" src="${escapeHtml(url)}" alt="${alt}" title="${name}" width="20" height="15" loading="lazy" decoding="async">`;
}
