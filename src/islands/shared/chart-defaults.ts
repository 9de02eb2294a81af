// The look every chart shares (font, the theme's colours: chart-theme.ts, no animation) and the Chart.js parts each kind of
// chart needs; a page registers only the kinds it draws (a registered Legend shows on every chart).
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartComponentLike,
} from 'chart.js';
import { drawnMark } from './chart-drawn';
import { followTheme } from './chart-theme';

export type ChartPart = 'line' | 'bar' | 'doughnut' | 'area' | 'legend';

const CHART_PARTS: Record<ChartPart, ChartComponentLike[]> = {
  line: [LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip],
  bar: [BarController, BarElement, CategoryScale, LinearScale, Tooltip],
  doughnut: [DoughnutController, ArcElement, Tooltip],
  /** Areas under lines (`fill`). */
  area: [Filler],
  legend: [Legend],
};

/**
 * Registers the Chart.js parts for the kinds of chart a page draws, and the drawn mark (chart-drawn.ts),
 * and applies the shared defaults.
 * @example export const Chart = setUpCharts('line', 'bar', 'area');
 */
export function setUpCharts(...kinds: ChartPart[]): typeof Chart {
  Chart.register(...kinds.flatMap((kind) => CHART_PARTS[kind]), drawnMark);
  Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
  Chart.defaults.animation = false;
  followTheme();
  return Chart;
}
