// Registers only the Chart.js parts the channel page draws with (lines, bars, category axes, tooltips, legend).
import {
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  Legend,
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
  Legend,
);
