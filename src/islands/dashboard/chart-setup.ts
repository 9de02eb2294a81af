// Registers only the Chart.js parts the dashboard draws with (bars, lines, category axes, tooltips).
import {
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Filler,
);
