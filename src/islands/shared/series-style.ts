// A series colour outside the canvas (a legend's swatch, a chart's server-drawn sketch) in the page's theme:
// the colour and its dark-theme variant as custom properties, which theme.css's .series-colour rules pick
// between with the page's color-scheme, so the server needs not know the system's theme.
import type { CSSProperties } from 'react';
import { darkSeriesColour } from '../../lib/theme/series-colour';

/**
 * The style of an element showing a series colour.
 * @example <span className="swatch" style={seriesStyle(paletteColour(i))} />
 */
export function seriesStyle(colour: string | undefined): CSSProperties {
  if (colour === undefined) return {};
  return { '--series': colour, '--series-dark': darkSeriesColour(colour) } as CSSProperties;
}
