// Registers only the Chart.js parts the trend rank charts draw with (lines, tooltip, legend).
import { setUpCharts } from '../shared/chart-defaults';

setUpCharts('line', 'legend');
