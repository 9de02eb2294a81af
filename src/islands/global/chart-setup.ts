// Registers only the Chart.js parts the global page draws with: lines (graph, sparklines) and the doughnut.
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts('line', 'area', 'doughnut');
