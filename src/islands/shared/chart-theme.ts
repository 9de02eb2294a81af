// Charts in the page's theme: Chart.js draws on a canvas, which CSS does not reach, so its text and grid
// colours are read from the colour tokens (src/styles/theme.css), and on the dark theme each series
// colour is lightened to keep 3:1 on the cards (src/lib/theme/series-colour.ts). Both follow a switch
// of the theme, or of the system's, without a reload.
import { Chart, type Plugin } from 'chart.js';
import { darkSeriesColour } from '../../lib/theme/series-colour';
import { THEME_EVENT } from '../../lib/theme/theme-choice';

/** A dataset's colour options; each may be one colour, one per point, or a function of the point. */
const COLOUR_KEYS = [
  'borderColor',
  'backgroundColor',
  'pointBackgroundColor',
  'pointBorderColor',
  'hoverBackgroundColor',
  'hoverBorderColor',
  'pointHoverBackgroundColor',
  'pointHoverBorderColor',
] as const;

/** A colour token's value as theme.css sets it for the page's theme. */
export function themeToken(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** True when the page is drawn dark (chosen, or the system's): theme.css sets color-scheme with the tokens. */
export function isDarkTheme(): boolean {
  return getComputedStyle(document.documentElement).colorScheme === 'dark';
}

function themed(value: unknown, surface: string): unknown {
  if (typeof value === 'string') return darkSeriesColour(value, surface);
  if (Array.isArray(value)) return value.map((v: unknown) => (typeof v === 'string' ? darkSeriesColour(v, surface) : v));
  if (typeof value === 'function') {
    return (...args: unknown[]) => {
      const colour: unknown = (value as (...a: unknown[]) => unknown)(...args);
      return typeof colour === 'string' ? darkSeriesColour(colour, surface) : colour;
    };
  }
  return value;
}

/** Per dataset and option: the colour the island gave, and the one drawn instead. */
const drawn = new WeakMap<object, Map<string, { given: unknown; shown: unknown }>>();

/**
 * Before each drawing, every dataset's colours as the theme wants them. An island that sets a colour again
 * (a new dataset, or react-chartjs-2 copying new props in) is seen as such: its value is no longer the
 * one drawn, so it is the new given colour.
 */
const seriesInTheme: Plugin = {
  id: 'seriesInTheme',
  beforeUpdate(chart) {
    const dark = isDarkTheme();
    const surface = themeToken('--surface');
    for (const dataset of chart.data.datasets) {
      const options = dataset as unknown as Record<string, unknown>;
      const memo = drawn.get(dataset) ?? new Map<string, { given: unknown; shown: unknown }>();
      drawn.set(dataset, memo);
      for (const key of COLOUR_KEYS) {
        if (!(key in options)) continue;
        const last = memo.get(key);
        const given = last && options[key] === last.shown ? last.given : options[key];
        const shown = dark ? themed(given, surface) : given;
        options[key] = shown;
        memo.set(key, { given, shown });
      }
    }
  },
};

/** Text, grid lines and the doughnut's slice gaps in the theme's colours. */
function applyDefaults(): void {
  Chart.defaults.color = themeToken('--text-muted');
  Chart.defaults.borderColor = themeToken('--chart-grid');
  // Only once a page has registered the doughnut's arcs (their defaults come with them).
  const arc = (Chart.defaults.elements as Partial<typeof Chart.defaults.elements>).arc;
  if (arc) arc.borderColor = themeToken('--surface');
}

/**
 * Calls back whenever the theme changes: the switch (THEME_EVENT) or, for a visitor who did not choose,
 * the system's scheme. Returns the function that stops it.
 */
export function onThemeChange(callback: () => void): () => void {
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  window.addEventListener(THEME_EVENT, callback);
  scheme.addEventListener('change', callback);
  return () => {
    window.removeEventListener(THEME_EVENT, callback);
    scheme.removeEventListener('change', callback);
  };
}

let following = false;

/** Registers the series plugin, applies the theme's defaults and redraws every chart when the theme changes. */
export function followTheme(): void {
  // Islands are rendered on the server too, where there is no page to read.
  if (typeof window === 'undefined') return;
  applyDefaults();
  if (following) return;
  following = true;
  Chart.register(seriesInTheme);
  onThemeChange(() => {
    applyDefaults();
    for (const chart of Object.values(Chart.instances)) chart.update();
  });
}
