// Country flags, one sprite for every page (src/lib/formats/flag-sprite.ts, drawn by scripts/flags.ts):
// emoji flags need a colour emoji font, which Windows and many Linux desktops lack; an SVG image is a
// document the page's main thread parses, lays out and paints; and a PNG per country is a request, a
// decode and a repaint each.
import { countryName } from '../../lib/formats/flags';
import { flagPosition } from '../../lib/formats/flag-sprite';
import { escapeHtml } from '../../lib/formats/html-escape';

/**
 * The flag with the country's name on hover and for screen readers (hidden from them when decorative,
 * next to the name); '' without one.
 * @example flagImageHtml('US') // '<span class="flag" role="img" aria-label="United States" …></span>'
 */
export function flagImageHtml(code2: string | null | undefined, options: { decorative?: boolean } = {}): string {
  const position = flagPosition(code2);
  if (!position || !code2) return '';
  const name = escapeHtml(countryName(code2));
  // Next to the country's name the flag adds nothing for a screen reader.
  const label = options.decorative ? 'aria-hidden="true"' : `role="img" aria-label="${name}"`;
  return `<span class="flag" ${label} title="${name}" style="background-position: ${position}"></span>`;
}
