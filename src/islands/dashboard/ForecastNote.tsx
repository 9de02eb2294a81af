// The current month's earnings forecast under the Earnings chart (shown only when the range is long and recent).
// The current month has no statement yet: its days so far are estimates, which the note says.
import dayjs from 'dayjs';
import { formatMoney } from '../../lib/formats/stat-format';
import type { Forecast } from '../../lib/api/stats';

export default function ForecastNote({ forecast }: { forecast: Forecast }) {
  const month = dayjs(`${forecast.month}-01`).format('MMMM YYYY');
  return (
    <p className="forecast">
      <strong>
        Forecast for {month}: {formatMoney(forecast.forecast)}
      </strong>{' '}
      <span className="muted">
        ({formatMoney(forecast.low)} – {formatMoney(forecast.high)}; {formatMoney(forecast.month_to_date)} estimated in the first{' '}
        {forecast.days_done} of {forecast.days_in_month} days)
      </span>
    </p>
  );
}
