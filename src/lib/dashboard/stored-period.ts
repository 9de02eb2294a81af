// The dashboard period kept in the browser until midnight (docs/partner-area.md, "Period").
import dayjs from 'dayjs';
import { CUSTOM, DEFAULT_PERIOD, isIsoDate, presetPeriod, type Period } from '../dates/periods';

export const PERIOD_STORAGE_KEY = 'viewdeck.dashboard.period';

/** What is written to storage: the period and the moment it stops applying (next local midnight). */
export interface StoredPeriod extends Period {
  expire: number;
}

/** The stored form of a period chosen at `now` (ms since epoch). */
export function toStoredPeriod(period: Period, now: number): StoredPeriod {
  return { ...period, expire: dayjs(now).add(1, 'day').startOf('day').valueOf() };
}

function parseStored(raw: string | null): StoredPeriod | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const stored = value as Partial<StoredPeriod>;
    const dateOrNull = (date: unknown) => date === null || (typeof date === 'string' && isIsoDate(date));
    if (typeof stored.value !== 'string' || typeof stored.expire !== 'number') return null;
    if (!dateOrNull(stored.from) || !dateOrNull(stored.to)) return null;
    return stored as StoredPeriod;
  } catch {
    return null;
  }
}

/**
 * The period to start with from what storage holds: a period not stored today gives the default (Last
 * 28 days), a preset is always recomputed for today, anything unreadable falls back to the default.
 * @example restorePeriod(localStorage.getItem(PERIOD_STORAGE_KEY), Date.now(), '2026-11-21')
 */
export function restorePeriod(raw: string | null, now: number, today: string): Period {
  const fallback = presetPeriod(DEFAULT_PERIOD, today) as Period;
  const stored = parseStored(raw);
  if (!stored || stored.expire <= now) return fallback;
  if (stored.value === CUSTOM) {
    if (!stored.from || !stored.to) return fallback;
    return { value: CUSTOM, from: stored.from, to: stored.to, custom: true };
  }
  return presetPeriod(stored.value, today) ?? fallback;
}
