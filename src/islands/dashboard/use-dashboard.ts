// Hooks the cards share: the applied query, its range length, the "as of" date and axis labels.
import { useStore } from '@nanostores/react';
import { $maxDate, $query, localToday } from '../../stores/dashboard';
import { chartLabel, labelRule } from '../../lib/chart-rules';
import { periodDays } from '../../lib/dashboard-query';
import type { Point } from '../../lib/stats-types';

/** The range the cards show, and how to label its buckets. */
export function useRange() {
  const query = useStore($query);
  const maxDate = useStore($maxDate);
  const days = query ? periodDays(query.period, maxDate, localToday()) : 0;
  const chartPeriod = query?.chartPeriod ?? 'days';
  // The last day a card's figures include: the latest data, or the range's end when that is earlier.
  const to = query?.period.to ?? null;
  const asOf = maxDate && to && to < maxDate ? to : maxDate;
  return {
    query,
    asOf,
    days,
    maxTicks: labelRule(days, chartPeriod).maxTicks,
    labels: (points: Point[]) => points.map((p) => chartLabel(p.date, days, chartPeriod)),
  };
}
