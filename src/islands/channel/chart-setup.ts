// Registers only the Chart.js parts the channel page draws with (lines, bars, tooltips, legend).
import { setUpCharts } from '../shared/chart-defaults';

export const Chart = setUpCharts('line', 'bar', 'area', 'legend');
