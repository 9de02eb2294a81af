// Registers only the Chart.js parts the dashboard draws with (bars, lines, tooltips; no legend).
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts('line', 'bar', 'area');
