// Independent reading of the fixture CSVs for expected values: sums per date by column name, exact micros.

/** Rows of a simple CSV (no quoted fields in these fixtures) as objects keyed by header name. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = '', ...lines] = text.split(/\r?\n/).filter((l) => l !== '');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i] ?? '', v])));
}

/** Sum of a numeric column per value of another column (e.g. per date). */
export function sumBy(records: Record<string, string>[], key: string, column: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const r of records) sums.set(r[key] ?? '', (sums.get(r[key] ?? '') ?? 0) + Number(r[column]));
  return sums;
}

/** A decimal USD amount as micro-USD, rounded half up at the seventh decimal, by string arithmetic. */
export function decimalMicros(raw: string): number {
  const [whole = '0', fraction = ''] = raw.split('.');
  const digits = fraction.padEnd(7, '0');
  return Number(whole) * 1_000_000 + Number(digits.slice(0, 6)) + (Number(digits[6]) >= 5 ? 1 : 0);
}

/** A report CSV cut to one day, as a real report (one file per day) would be: the header and that date's rows. */
export function csvForDay(csv: string, date: string): string {
  const lines = csv.split(/\r?\n/).filter((l) => l !== '');
  const [header = '', ...rows] = lines;
  return [header, ...rows.filter((row) => row.startsWith(`${date},`))].join('\n') + '\n';
}

/**
 * A day's figures computed from the served CSV alone: views and likes summed, watch time summed whole and
 * rounded once, views per country; in the shape of channel_daily and channel_country_daily rows.
 */
export function expectedFigures(text: string) {
  const records = csvRecords(text);
  const sum = (column: string) => records.reduce((n, r) => n + Number(r[column]), 0);
  const byCountry = new Map<string, number>();
  for (const r of records) byCountry.set(r.country_code ?? '', (byCountry.get(r.country_code ?? '') ?? 0) + Number(r.views));
  return {
    daily: [{ views: sum('views'), likes: sum('likes'), watch: Math.round(sum('watch_time_minutes')) }],
    countries: [...byCountry].map(([country, views]) => ({ country, views })).sort((a, b) => (a.country < b.country ? -1 : 1)),
  };
}
