// The audience chart's pie: the metric's share per top channel and the rest (loaded with Chart.js, lazily).
import { Doughnut } from 'react-chartjs-2';
import { setUpCharts } from '../shared/chart-defaults';
import { paletteColour } from '../../lib/dates/chart-rules';

setUpCharts('doughnut');

interface Props {
  slices: Array<{ key: string; name: string; value: number }>;
  format: (value: number) => string;
  description: string;
}

export default function AudiencePie({ slices, format, description }: Props) {
  const data = {
    labels: slices.map((s) => s.name),
    datasets: [{ data: slices.map((s) => s.value), backgroundColor: slices.map((_, i) => paletteColour(i)), borderWidth: 1 }],
  };
  return (
    <div className="pie-box">
      <Doughnut
        data={data}
        role="img"
        aria-label={description}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          cutout: '50%',
          plugins: { tooltip: { callbacks: { label: (item) => `${item.label}: ${format(Number(item.raw))}` } } },
        }}
      />
    </div>
  );
}
