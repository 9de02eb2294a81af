// Expected statement shares and earnings by title and country, computed from the fixture's daily rows in
// plain code: the documented spread (docs/stats.md, "Earnings") written again, independently of the SQL.
import type { Row } from '../rollup/factory';

export type ShareGrain = 'title' | 'country';

/** A fixture: daily rows of each grain and the statements (revenue + adjustment) per channel and month. */
export interface ShareFixture {
  channel: Row[];
  title: Row[];
  country: Row[];
  /** `${channelId}|${month}` → statement micros. */
  statements: Map<string, number>;
}

/** The key a row sorts by inside its channel and month (the monthly table's primary key order). */
const sortKey = (grain: ShareGrain, row: Row) =>
  grain === 'title' ? `${String(row.title_id).padStart(12, '0')}|${String(row.video_type)}` : String(row.country_code);
/** The key a figure is answered by: the title or the country. */
export const answerKey = (grain: ShareGrain, row: Row) => (grain === 'title' ? String(row.title_id) : String(row.country_code));

const monthOf = (day: unknown) => String(day).slice(0, 7);
const revenue = (rows: Row[]) => rows.reduce((s, r) => s + Number(r.partner_revenue_micros), 0);

/** The monthly estimates of one grain: `${channel}|${month}|${sortKey}` → row (channel, month, keys, estimate). */
function monthlyRows(f: ShareFixture, grain: ShareGrain): Map<string, Row & { estimate: number }> {
  const out = new Map<string, Row & { estimate: number }>();
  for (const row of f[grain]) {
    const id = `${row.channel_id}|${monthOf(row.day)}|${sortKey(grain, row)}`;
    const prior = out.get(id);
    const estimate = (prior?.estimate ?? 0) + Number(row.partner_revenue_micros);
    out.set(id, { ...row, month: monthOf(row.day), estimate });
  }
  return out;
}

/**
 * Each monthly row's share of its channel's statement (null: no statement, or no positive month
 * estimate): the rows in key order, a row's share the difference of the cuts at its running estimate,
 * cut(run) = the statement when run reaches the channel's month estimate, else trunc(statement × run / estimate).
 */
export function expectedShares(f: ShareFixture, grain: ShareGrain): Map<string, number | null> {
  const rows = [...monthlyRows(f, grain).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const out = new Map<string, number | null>();
  let partition = '';
  let run = 0n;
  for (const [id, row] of rows) {
    const channelMonth = `${row.channel_id}|${row.month}`;
    if (channelMonth !== partition) [partition, run] = [channelMonth, 0n];
    const statement = f.statements.get(channelMonth);
    const total = revenue(f.channel.filter((r) => r.channel_id === row.channel_id && monthOf(r.day) === row.month));
    const next = run + BigInt(row.estimate);
    if (statement === undefined || total <= 0) out.set(id, null);
    else {
      const cut = (x: bigint) => (x === BigInt(total) ? BigInt(statement) : (BigInt(statement) * x) / BigInt(total));
      out.set(id, Number(cut(next) - cut(run)));
    }
    run = next;
  }
  return out;
}

/** The stored shares as the same ids. */
export function storedShares(grain: ShareGrain, rows: Row[]): Map<string, number | null> {
  return new Map(
    rows.map((r) => [
      `${r.channel_id}|${r.month}|${sortKey(grain, r)}`,
      r.statement_share_micros === null ? null : Number(r.statement_share_micros),
    ]),
  );
}

const lastDay = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

/**
 * Earnings and their statement part per title or country over [from, to]: months the range holds
 * whole take each row's share where it has one, other days their estimates.
 */
export function expectedEarnings(
  f: ShareFixture,
  grain: ShareGrain,
  from: string,
  to: string,
): Map<string, { earnings: number; finance: number }> {
  const shares = expectedShares(f, grain);
  const out = new Map<string, { earnings: number; finance: number }>();
  const add = (key: string, earnings: number, finance: number) => {
    const prior = out.get(key) ?? { earnings: 0, finance: 0 };
    out.set(key, { earnings: prior.earnings + earnings, finance: prior.finance + finance });
  };
  for (const [id, row] of monthlyRows(f, grain)) {
    const month = String(row.month);
    if (from <= `${month}-01` && to >= lastDay(month)) {
      const share = shares.get(id) ?? null;
      add(answerKey(grain, row), share ?? row.estimate, share ?? 0);
    }
  }
  for (const row of f[grain]) {
    const day = String(row.day);
    const month = monthOf(day);
    const whole = from <= `${month}-01` && to >= lastDay(month);
    if (!whole && day >= from && day <= to) add(answerKey(grain, row), Number(row.partner_revenue_micros), 0);
  }
  return out;
}

/**
 * Each channel day's share of its channel's statement (migration 0033): the channel's days of the month
 * in day order, cut the same way, the total the month's estimate. `${channel}|${day}` → share or null.
 */
export function expectedDailyShares(f: ShareFixture): Map<string, number | null> {
  const rows = [...f.channel].sort((a, b) => Number(a.channel_id) - Number(b.channel_id) || String(a.day).localeCompare(String(b.day)));
  const out = new Map<string, number | null>();
  let partition = '';
  let run = 0n;
  for (const row of rows) {
    const channelMonth = `${row.channel_id}|${monthOf(row.day)}`;
    if (channelMonth !== partition) [partition, run] = [channelMonth, 0n];
    const statement = f.statements.get(channelMonth);
    const total = revenue(f.channel.filter((r) => r.channel_id === row.channel_id && monthOf(r.day) === monthOf(row.day)));
    const next = run + BigInt(Number(row.partner_revenue_micros));
    if (statement === undefined || total <= 0) out.set(`${row.channel_id}|${row.day}`, null);
    else {
      const cut = (x: bigint) => (x === BigInt(total) ? BigInt(statement) : (BigInt(statement) * x) / BigInt(total));
      out.set(`${row.channel_id}|${row.day}`, Number(cut(next) - cut(run)));
    }
    run = next;
  }
  return out;
}

/**
 * Earnings and their statement part per day over [from, to], every channel of the fixture added up: a
 * day of a month the range holds whole takes its share where it has one, any other day its estimate.
 */
export function expectedDayEarnings(f: ShareFixture, from: string, to: string): Map<string, { earnings: number; finance: number }> {
  const shares = expectedDailyShares(f);
  const out = new Map<string, { earnings: number; finance: number }>();
  for (const row of f.channel) {
    const day = String(row.day);
    if (day < from || day > to) continue;
    const month = monthOf(day);
    const share = from <= `${month}-01` && to >= lastDay(month) ? (shares.get(`${row.channel_id}|${day}`) ?? null) : null;
    const prior = out.get(day) ?? { earnings: 0, finance: 0 };
    out.set(day, { earnings: prior.earnings + (share ?? Number(row.partner_revenue_micros)), finance: prior.finance + (share ?? 0) });
  }
  return out;
}
