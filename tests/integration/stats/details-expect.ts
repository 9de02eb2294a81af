// Expected details figures computed in plain code from the world's fixture rows (never through the code under test).
import { expect } from 'vitest';
import type { Row } from '../rollup/factory';
import { call } from '../http';
import type { World } from './world';

export async function data<T>(session: string, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await call(path, { session, body });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The status and error message of a call that should fail. */
export async function failure(session: string, path: string, body: Record<string, unknown>): Promise<{ status: number; error: string }> {
  const res = await call(path, { session, body });
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * A channel's earnings over [from, to] in micro-USD by the documented rule: per month, the statement
 * (revenue + adjustment) when the month lies wholly in the range and has a statement and a positive
 * estimate, else the estimates of the range's days; finance is the statements' part.
 */
export function channelEarnings(w: World, channelId: number, from: string, to: string): { total: number; finance: number } {
  const rows = w.daily.filter((r) => Number(r.channel_id) === channelId);
  const months = [...new Set(rows.map((r) => String(r.day).slice(0, 7)))].filter((m) => m <= to.slice(0, 7) && m >= from.slice(0, 7));
  let total = 0;
  let finance = 0;
  for (const month of months) {
    const whole = `${month}-01` >= from && lastDayOf(month) <= to;
    const estimate = rows
      .filter((r) => String(r.day).startsWith(month) && String(r.day) >= from && String(r.day) <= to)
      .reduce((s, r) => s + Number(r.partner_revenue_micros), 0);
    const statement = w.finance.find((f) => Number(f.channel_id) === channelId && f.month === month);
    if (whole && statement && estimate > 0) {
      const value = Number(statement.revenue_micros) + Number(statement.adjustment_micros);
      total += value;
      finance += value;
    } else total += estimate;
  }
  return { total, finance };
}

export interface Sums {
  views: number;
  subscribers: number;
  watch: number;
  likes: number;
  comments: number;
  revenue: number;
}

/** Sums of fact rows grouped by a key. */
export function sumsBy(rows: Row[], keyOf: (r: Row) => string): Map<string, Sums> {
  const out = new Map<string, Sums>();
  for (const r of rows) {
    const key = keyOf(r);
    const s = out.get(key) ?? { views: 0, subscribers: 0, watch: 0, likes: 0, comments: 0, revenue: 0 };
    s.views += Number(r.views);
    s.subscribers += Number(r.subscribers_gained) - Number(r.subscribers_lost);
    s.watch += Number(r.watch_time_minutes);
    s.likes += Number(r.likes);
    s.comments += Number(r.comments);
    s.revenue += Number(r.partner_revenue_micros);
    out.set(key, s);
  }
  return out;
}

export const dollars = (micros: number): number => Math.round(micros / 10_000) / 100;
export const rpm = (micros: number, views: number) => (views ? Math.round((micros * 1000) / views / 10_000) / 100 : null);
export const svr = (subs: number, views: number) => (views ? Math.round(((subs * 1000) / views) * 100) / 100 : null);
export const avd = (minutes: number, views: number) => (views ? Math.round((minutes * 60) / views) : null);
export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 100 : null);

/** Shares of all rows add up to 100 within their rounding (half a hundredth each). */
export function expectSharesAddUp(shares: Array<number | null>): void {
  const total = shares.reduce<number>((s, p) => s + (p ?? 0), 0);
  expect(Math.abs(total - 100)).toBeLessThanOrEqual(0.005 * shares.length + 1e-9);
}
