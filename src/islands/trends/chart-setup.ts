// Registers only the Chart.js parts the trend rank charts draw with (lines over category axes, tooltip, legend).
import { CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { setUpCharts } from '../shared/chart-defaults';

setUpCharts(LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
