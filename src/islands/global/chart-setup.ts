// Registers only the Chart.js parts the global page draws with: lines (graph, sparklines) and the doughnut.
import {
  ArcElement,
  CategoryScale,
  DoughnutController,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts(
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Filler,
  DoughnutController,
  ArcElement,
);
