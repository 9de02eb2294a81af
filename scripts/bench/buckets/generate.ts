// The buckets benchmark's data, written at the storage level (not through the importer): SQL that fills a
// network's catalogue and one bucket store's facts with INSERT … SELECT from recursive CTEs. Every value is a
// function of the channel's number and the day, so the shared D1 and each store compute the same rows, and
// the grains agree: a day's countries (or titles) add up exactly to its channel day (each key takes the
// difference of two cumulative long-tail weights, as the product's statement shares do), a month is the sum of its
// days where days are kept, else the channel month split by the same weights, and years come from months
// through the product's own triggers (migrations 0011, 0020), network_daily from channel_daily (0034).
// Every insert ignores rows already there, so a fill call sent again after a lost answer adds nothing twice.

/** What one generated network looks like. */
export interface Shape {
  network: number;
  /** Channels are numbered 1..channels; their ids are (network - 1) * channels + number. */
  channels: number;
  buckets: number;
  /** The first day of facts and how many days (to the latest day). */
  first: string;
  days: number;
  /** Country days are kept from this day (a month start), country months before it come from channel months. */
  countryFrom: string;
  /** The same for title days (the title grain is scaled down: `titles` per channel, one video type). */
  titleFrom: string;
  countries: number;
  titles: number;
  videos: number;
}

export interface Sql {
  query: string;
  params: Array<string | number>;
}

const METRICS = [
  ['views', 'v'],
  ['watch_time_minutes', 'v * 4'],
  ['likes', 'v / 40'],
  ['dislikes', 'v / 900'],
  ['comments', 'v / 350'],
  ['shares', 'v / 500'],
  ['subscribers_gained', 'v / 250'],
  ['subscribers_lost', 'v / 1500'],
  // $2 per 1,000 views; the network's lifetime sum stays a safe JavaScript integer.
  ['partner_revenue_micros', 'v * 2000'],
  ['ad_impressions', 'v / 2'],
  ['monetized_playbacks', 'v / 3'],
  ['gross_ad_revenue_micros', 'v * 4000'],
  ['impressions', 'v * 8'],
  ['impression_clicks', 'v / 25'],
] as const;
const CHANNEL_COLUMNS = METRICS.map(([c]) => c);
/** The country grain has no impressions (migration 0001's columns). */
const COUNTRY_COLUMNS = CHANNEL_COLUMNS.slice(0, 12);
const AGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'];
const GENDERS = ['male', 'female', 'user_specified'];

const list = (columns: readonly string[]) => columns.join(', ');
/**
 * Keys 1..k weighted like a long tail (key r weighs 10,000 / r², largest first), as cumulative bounds:
 * key r takes col * hi / total - col * lo / total, so the keys add up exactly to the column.
 */
function weights(k: number): { values: string; total: number } {
  const rows: string[] = [];
  let lo = 0;
  for (let r = 1; r <= k; r++) {
    const hi = lo + Math.max(1, Math.round(10_000 / (r * r)));
    rows.push(`(${r}, ${lo}, ${hi})`);
    lo = hi;
  }
  return { values: `VALUES ${rows.join(', ')}`, total: lo };
}
const bounds = (k: number) => `wt(r, lo, hi) AS (${weights(k).values})`;
const share = (columns: readonly string[], from: string, k: number) => {
  const { total } = weights(k);
  return columns.map((c) => `${from}.${c} * w.hi / ${total} - ${from}.${c} * w.lo / ${total}`).join(', ');
};
const sums = (columns: readonly string[]) => columns.map((c) => `sum(${c})`).join(', ');

/** Channel numbers of the network in bucket `bucket` (round-robin: number - 1 modulo buckets), from..to. */
function numbers(s: Shape, bucket: number | null): string {
  const inBucket = bucket === null ? '' : ` AND (n - 1) % ${s.buckets} = ${bucket}`;
  // A store binds a JavaScript number as REAL: the numbers are cast, or every metric would be a double.
  return `WITH RECURSIVE nums(n) AS (SELECT CAST(?1 AS INTEGER) UNION ALL SELECT n + 1 FROM nums WHERE n < ?2), ch(n, id) AS (
    SELECT n, ${(s.network - 1) * s.channels} + n FROM nums WHERE true${inBucket})`;
}

/**
 * The network row, its channels (numbers from..to; in one bucket's, or all when `bucket` is null), their
 * titles and videos: the shared D1's catalogue, and each store's copy of its own channels.
 * @example catalogue(shape, 0, 1, 10000) // four statements
 */
export function catalogue(s: Shape, bucket: number | null, from: number, to: number): Sql[] {
  const base = numbers(s, bucket);
  const p = [from, to];
  return [
    {
      query: `INSERT OR IGNORE INTO networks (id, slug, name, content_owner_id, is_partner, created_at, store_buckets)
        VALUES (${s.network}, 'bench-${s.network}', 'Bench network ${s.network}', 'BenchOwner${s.network}', 1, 0, ${s.buckets})`,
      params: [],
    },
    {
      query: `${base} INSERT OR IGNORE INTO channels (id, youtube_id, title, network_id, store_bucket, created_at)
        SELECT id, printf('UCbench%03d%014d', ${s.network}, n), 'Channel ' || n, ${s.network}, (n - 1) % ${s.buckets}, 0 FROM ch`,
      params: p,
    },
    {
      query: `${base}, t(t) AS (SELECT 1 UNION ALL SELECT t + 1 FROM t WHERE t < ${s.titles})
        INSERT OR IGNORE INTO titles (id, title, created_at, network_id, custom_id)
        SELECT (ch.id - 1) * ${s.titles} + t, 'Title ' || n || '.' || t, 0, ${s.network}, printf('CB%d_%d_%d', ${s.network}, n, t) FROM ch, t`,
      params: p,
    },
    {
      query: `${base}, j(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM j WHERE j + 1 < ${s.videos})
        INSERT OR IGNORE INTO videos (video_id, channel_id, title_id, video_title, published_at, type)
        SELECT printf('%011d', (ch.id - 1) * ${s.videos} + j), ch.id, (ch.id - 1) * ${s.titles} + j % ${s.titles} + 1,
          'Video ' || n || '.' || j, unixepoch(?3) + j * ${Math.floor((s.days * 86_400) / s.videos)}, 'full' FROM ch, j`,
      params: [...p, s.first],
    },
  ];
}

/**
 * Every fact of a bucket's channels numbered from..to, in one store: channel days (network_daily by
 * trigger), channel months, country days and months (years by trigger), audience months (years by
 * trigger), title days and months (years by trigger).
 * @example await store.batch(facts(shape, 3, 1, 1000).map(({ query, params }) => store.prepare(query).bind(...params)))
 */
export function facts(s: Shape, bucket: number, from: number, to: number): Sql[] {
  const lo = (s.network - 1) * s.channels + from;
  const hi = (s.network - 1) * s.channels + to;
  const ids = [lo, hi];
  const inRange = 'channel_id BETWEEN ?1 AND ?2';
  const countries = `${bounds(s.countries)}, w AS (SELECT code2 AS key, lo, hi FROM (SELECT code2, row_number() OVER (ORDER BY code2) AS r FROM countries) JOIN wt USING (r))`;
  const titles = `${bounds(s.titles)}, w AS (SELECT r AS key, lo, hi FROM wt)`;
  const cells = AGES.flatMap((a) => GENDERS.map((g) => `('${a}', '${g}')`));
  const audience = `${bounds(cells.length)}, a(age, gender, r) AS (SELECT column1, column2, row_number() OVER () FROM (VALUES ${cells.join(', ')})),
    w AS (SELECT age, gender, lo, hi FROM a JOIN wt USING (r))`;
  const titleId = `(channel_id - 1) * ${s.titles} + w.key`;
  return [
    {
      query: `${numbers(s, bucket)}, k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k + 1 < ${s.days}),
        g AS (SELECT ch.id AS channel_id, k.k AS k, (500 + (ch.n * 7919) % 60000) * (85 + (ch.n * 31 + k.k * 17) % 31) / 100 AS v FROM ch, k)
        INSERT OR IGNORE INTO channel_daily (channel_id, day, ${list(CHANNEL_COLUMNS)})
        SELECT channel_id, date(?3, '+' || k || ' days'), ${METRICS.map(([, e]) => e).join(', ')} FROM g ORDER BY channel_id, k`,
      params: [from, to, s.first],
    },
    {
      query: `INSERT OR IGNORE INTO channel_monthly (channel_id, month, ${list(CHANNEL_COLUMNS)})
        SELECT channel_id, substr(day, 1, 7), ${sums(CHANNEL_COLUMNS)} FROM channel_daily WHERE ${inRange} GROUP BY 1, 2`,
      params: ids,
    },
    {
      query: `WITH ${countries} INSERT OR IGNORE INTO channel_country_daily (channel_id, day, country_code, ${list(COUNTRY_COLUMNS)})
        SELECT d.channel_id, d.day, w.key, ${share(COUNTRY_COLUMNS, 'd', s.countries)} FROM channel_daily d, w
        WHERE d.${inRange} AND d.day >= ?3 ORDER BY 1, 2, 3`,
      params: [...ids, s.countryFrom],
    },
    {
      query: `INSERT OR IGNORE INTO channel_country_monthly (channel_id, month, country_code, ${list(COUNTRY_COLUMNS)})
        SELECT channel_id, substr(day, 1, 7), country_code, ${sums(COUNTRY_COLUMNS)} FROM channel_country_daily WHERE ${inRange} GROUP BY 1, 2, 3`,
      params: ids,
    },
    {
      query: `WITH ${countries} INSERT OR IGNORE INTO channel_country_monthly (channel_id, month, country_code, ${list(COUNTRY_COLUMNS)})
        SELECT m.channel_id, m.month, w.key, ${share(COUNTRY_COLUMNS, 'm', s.countries)} FROM channel_monthly m, w
        WHERE m.${inRange} AND m.month < substr(?3, 1, 7) ORDER BY 1, 2, 3`,
      params: [...ids, s.countryFrom],
    },
    {
      query: `WITH ${audience} INSERT OR IGNORE INTO channel_audience_monthly (channel_id, month, age_group, gender, views)
        SELECT m.channel_id, m.month, w.age, w.gender, ${share(['views'], 'm', cells.length)} FROM channel_monthly m, w
        WHERE m.${inRange} ORDER BY 1, 2, 3, 4`,
      params: ids,
    },
    {
      query: `WITH ${titles} INSERT OR IGNORE INTO channel_title_daily (channel_id, day, title_id, video_type, ${list(CHANNEL_COLUMNS)})
        SELECT d.channel_id, d.day, ${titleId}, 'full', ${share(CHANNEL_COLUMNS, 'd', s.titles)} FROM channel_daily d, w
        WHERE d.${inRange} AND d.day >= ?3 ORDER BY 1, 2, 3`,
      params: [...ids, s.titleFrom],
    },
    {
      query: `INSERT OR IGNORE INTO channel_title_monthly (channel_id, month, title_id, video_type, ${list(CHANNEL_COLUMNS)})
        SELECT channel_id, substr(day, 1, 7), title_id, video_type, ${sums(CHANNEL_COLUMNS)} FROM channel_title_daily WHERE ${inRange} GROUP BY 1, 2, 3, 4`,
      params: ids,
    },
    {
      query: `WITH ${titles} INSERT OR IGNORE INTO channel_title_monthly (channel_id, month, title_id, video_type, ${list(CHANNEL_COLUMNS)})
        SELECT m.channel_id, m.month, ${titleId}, 'full', ${share(CHANNEL_COLUMNS, 'm', s.titles)} FROM channel_monthly m, w
        WHERE m.${inRange} AND m.month < substr(?3, 1, 7) ORDER BY 1, 2, 3`,
      params: [...ids, s.titleFrom],
    },
  ];
}
