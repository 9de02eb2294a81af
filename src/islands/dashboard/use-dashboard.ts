// Hooks the cards share: the applied query, its range length, the "as of" date and axis labels; today.
import { createContext, useContext } from 'react';
import { useHydrated } from '../shared/use-hydrated';
import { localToday } from '../../stores/dashboard';
import { useMaxDate, useQuery } from './use-start';
import { chartLabel, labelRule } from '../../lib/dates/chart-rules';
import { periodDays } from '../../lib/dashboard/query';
import type { Point } from '../../lib/api/stats';

/** The range the cards show, and how to label its buckets. */
export function useRange() {
  const query = useQuery();
  const maxDate = useMaxDate();
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

/** The server's today, passed in the page's props: what the server rendered the period menu for. */
export const ServerToday = createContext<string | null>(null);

/**
 * Today for what the dashboard renders: the server's day until the island has hydrated (so the
 * first render matches the server's HTML whatever the browser's clock says), then the browser's,
 * since presets follow the person's calendar.
 */
export function useToday(): string {
  const serverToday = useContext(ServerToday);
  const hydrated = useHydrated();
  return hydrated || !serverToday ? localToday() : serverToday;
}
