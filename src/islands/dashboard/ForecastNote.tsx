// The current month's earnings forecast under the Earnings chart (shown only when the range is long and recent).
// The current month has no statement yet: its days so far are estimates, which the note says.
import { formatMoney } from '../../lib/formats/stat-format';
import { monthText } from '../../lib/dates/day-text';
import type { Forecast, ForecastShare } from '../../lib/api/stats';

/** The forecast of the earnings, or of the account's share of them when the card shows the share. */
export default function ForecastNote({ forecast, share }: { forecast: Forecast; share: ForecastShare | null }) {
  const month = monthText(forecast.month);
  const figures = share ?? forecast;
  return (
    <p className="forecast">
      <strong>
        {share ? 'Forecast of your share' : 'Forecast'} for {month}: {formatMoney(figures.forecast)}
      </strong>{' '}
      <span className="muted">
        ({formatMoney(figures.low)} – {formatMoney(figures.high)}; {formatMoney(figures.month_to_date)} estimated in the first{' '}
        {forecast.days_done} of {forecast.days_in_month} days)
      </span>
    </p>
  );
}
