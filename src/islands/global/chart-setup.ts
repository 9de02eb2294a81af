// Registers only the Chart.js parts the global page draws with: lines (the monthly graph) and the doughnut.
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts('line', 'area', 'doughnut');
