// Google's day: the Data API quota and the Reporting API's report days run on US-Pacific calendar days.

/** Google's quotas reset and its reports start at midnight in this zone. */
const QUOTA_TIME_ZONE = 'America/Los_Angeles';

// en-CA formats dates as YYYY-MM-DD.
const pacificFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The US-Pacific calendar day of a moment (daylight saving included), 'YYYY-MM-DD'.
 * @example pacificDay(Date.parse('2026-03-02T06:59:59Z')) // '2026-03-01'
 */
export function pacificDay(ms: number): string {
  return pacificFormat.format(new Date(ms));
}
