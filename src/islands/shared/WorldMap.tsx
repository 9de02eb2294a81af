// A world map of one figure per country on a logarithmic scale (the dashboard's Geography card, the audience
// chart's metric, the public /global page), loaded only when seen.
import { useEffect, useRef } from 'react';
import { Tooltip } from 'chart.js';
import { setUpCharts } from './chart-defaults';
import { isDarkTheme, onThemeChange, themeToken } from './chart-theme';
import { ChoroplethController, ColorLogarithmicScale, GeoFeature, ProjectionScale, topojson } from 'chartjs-chart-geo';
import type { Feature } from 'chartjs-chart-geo';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { formatNumber } from '../../lib/formats/stat-format';
import './world-map.css';
import { shapeCode2 } from './world-codes';

// Its own parts, so any page can draw it whatever else it registered (the tooltip names each country).
const Chart = setUpCharts();
Chart.register(Tooltip, ChoroplethController, GeoFeature, ColorLogarithmicScale, ProjectionScale);

const atlas = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
const SHAPES = (topojson.feature(atlas, atlas.objects.countries) as unknown as { features: Feature[] }).features.filter(
  (shape) => shape.properties?.name !== 'Antarctica',
);

/**
 * The scale's colours in the page's theme. Light: d3's blues, pale to deep. Dark: deep blues sink into the
 * dark card, so from a muted blue to a pale one (the more, the lighter, as the text around it).
 */
const DARK_LOW = [44, 63, 115];
const DARK_HIGH = [201, 214, 255];
function mapColours(): { interpolate: 'blues' | ((share: number) => string); missing: string } {
  const missing = themeToken('--map-missing');
  if (!isDarkTheme()) return { interpolate: 'blues', missing };
  const mix = (share: number) => DARK_LOW.map((low, i) => Math.round(low + ((DARK_HIGH[i] ?? low) - low) * share)).join(' ');
  return { interpolate: (share) => `rgb(${mix(share)})`, missing };
}

interface Props {
  countries: Array<{ code2: string; value: number }>;
  /** The figure's name, lower case: 'views', 'earnings'. */
  label?: string;
  format?: (value: number) => string;
}

export default function WorldMap({ countries, label = 'views', format = formatNumber }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const values = new Map(countries.map((c) => [c.code2, c.value]));
    const chart = new Chart(canvas.current, {
      type: 'choropleth',
      data: {
        labels: SHAPES.map((shape) => String(shape.properties?.name ?? '')),
        datasets: [
          {
            label,
            outline: SHAPES,
            data: SHAPES.map((feature) => {
              const code = shapeCode2(feature.id as string | undefined, feature.properties?.name as string | undefined);
              const value = code ? (values.get(code) ?? 0) : 0;
              // A logarithmic scale has no place for 0: countries without views stay uncoloured.
              return { feature, value: value > 0 ? value : Number.NaN };
            }),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => {
                const value = (item.raw as { value: number }).value;
                return `${item.label}: ${Number.isNaN(value) ? `no ${label}` : `${format(value)} ${label}`}`;
              },
            },
          },
        },
        scales: {
          projection: { axis: 'x', projection: 'equalEarth' },
          color: {
            axis: 'x',
            type: 'colorLogarithmic',
            ...mapColours(),
            legend: { position: 'bottom-left', align: 'right' },
          },
        },
      },
    });
    const stopFollowing = onThemeChange(() => {
      Object.assign(chart.options.scales?.color ?? {}, mapColours());
      chart.update();
    });
    return () => {
      stopFollowing();
      chart.destroy();
    };
  }, [countries, label, format]);

  return (
    <div className="map-box">
      <canvas ref={canvas} role="img" aria-label={`World map of ${label} by country, logarithmic scale`} />
    </div>
  );
}
