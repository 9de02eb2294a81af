// Headings for the details pages' metric ids.

const METRIC_TITLES: Readonly<Record<string, string>> = {
  partner_revenue: 'Earnings',
  views: 'Views',
  subs: 'Subscribers',
  audience: 'Audience',
};

/** The heading for a details metric id, e.g. 'Earnings' for partner_revenue. */
export function metricTitle(id: string | undefined): string {
  return (id && METRIC_TITLES[id]) || 'Details';
}
