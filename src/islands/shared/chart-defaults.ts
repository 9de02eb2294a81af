// The look every chart shares (font, text colour, no animation); each page registers its own parts.
import { Chart, type ChartComponentLike } from 'chart.js';

/**
 * Registers the Chart.js parts a page draws with and applies the shared defaults.
 * @example setUpCharts(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip)
 */
export function setUpCharts(...parts: ChartComponentLike[]): typeof Chart {
  Chart.register(...parts);
  Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
  Chart.defaults.color = '#5b6470';
  Chart.defaults.animation = false;
  return Chart;
}
