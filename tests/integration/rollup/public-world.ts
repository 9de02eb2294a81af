// A small public world for the ranking and totals tests, and what the rollups should make of it, computed here.
import { createChannel, createNetwork, daysBetween, insertSnapshots, snapshotSeries, type Snapshot } from './factory';

export const LATEST = '2026-03-20';
export const FIRST = '2025-12-20';
export const DAYS = daysBetween(FIRST, LATEST);

export interface Tracked {
  id: number;
  categoryId: number | null;
  languageCode: string | null;
  countryCode: string | null;
  networkId: number | null;
  snapshots: Snapshot[];
}

export interface Figures {
  subscriberCount: number;
  monthlyViews: number;
  monthlySubs: number;
  videoCount: number;
}

interface Plan {
  cat: number | null;
  lang: string | null;
  country: string | null;
  net: 0 | 1 | 2 | null;
  subs: number;
  subsPerDay: number;
  viewsPerDay: number;
  from?: string;
}

// Subscriber growth makes the order change between months: 2 passes 1 in February, 6 passes both in March;
// 3 and 4 tie on subscribers and are ordered by monthly views; 5 has no category, language or country.
const PLANS: Plan[] = [
  { cat: 24, lang: 'en', country: 'US', net: 0, subs: 50_000, subsPerDay: 10, viewsPerDay: 3000 },
  { cat: 24, lang: 'en', country: 'GB', net: 0, subs: 45_000, subsPerDay: 100, viewsPerDay: 2000 },
  { cat: 10, lang: 'es', country: 'MX', net: 1, subs: 30_000, subsPerDay: 0, viewsPerDay: 1000 },
  { cat: 10, lang: 'en', country: 'US', net: 1, subs: 30_000, subsPerDay: 0, viewsPerDay: 5000 },
  { cat: null, lang: null, country: null, net: null, subs: 100_000, subsPerDay: 0, viewsPerDay: 100 },
  { cat: 24, lang: 'en', country: 'US', net: 2, subs: 10_000, subsPerDay: 500, viewsPerDay: 9000 },
  { cat: 10, lang: 'es', country: 'ES', net: 0, subs: 20_000, subsPerDay: 50, viewsPerDay: 700, from: '2026-02-15' },
];

/** Networks (two public, one not) and the channels of PLANS with their snapshots, inserted. */
export async function seedPublicWorld(): Promise<{ channels: Tracked[]; networks: number[] }> {
  const networks = [await createNetwork(), await createNetwork(), await createNetwork(false)];
  const channels: Tracked[] = [];
  for (const plan of PLANS) {
    const networkId = plan.net === null ? null : (networks[plan.net] ?? null);
    const id = await createChannel({ categoryId: plan.cat, languageCode: plan.lang, countryCode: plan.country, networkId });
    const snapshots = snapshotSeries(id, daysBetween(plan.from ?? FIRST, LATEST), { subs: plan.subs, views: plan.subs * 20 }, (i) => ({
      views: plan.viewsPerDay + (i % 7) * 11,
      subs: plan.subsPerDay,
    }));
    channels.push({ id, categoryId: plan.cat, languageCode: plan.lang, countryCode: plan.country, networkId, snapshots });
  }
  await insertSnapshots(channels.flatMap((c) => c.snapshots));
  return { channels, networks };
}

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const lastOn = (s: Snapshot[], pred: (day: string) => boolean) => s.filter((x) => pred(x.day)).at(-1);

function growth(end: Snapshot, base: Snapshot): Figures {
  return {
    subscriberCount: end.subscriber_count,
    videoCount: end.video_count,
    monthlyViews: end.view_count - base.view_count,
    monthlySubs: end.subscriber_count - base.subscriber_count,
  };
}

/** A month's figures: last snapshot of the month against the last one before it (none without both). */
export function monthFigures(c: Tracked, month: string): Figures | null {
  const end = lastOn(c.snapshots, (d) => d.slice(0, 7) === month);
  const base = lastOn(c.snapshots, (d) => d < `${month}-01`);
  return end && base ? growth(end, base) : null;
}

/** 'now' as of a day: latest snapshot in the 30 days to it against 30 days earlier (or the first). */
export function nowFigures(c: Tracked, asOf: string): Figures | null {
  const end = lastOn(c.snapshots, (d) => d <= asOf && d > shift(asOf, -30));
  if (!end) return null;
  const base = lastOn(c.snapshots, (d) => d <= shift(end.day, -30)) ?? c.snapshots[0];
  return base ? growth(end, base) : null;
}

export const previousMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** Figures of a period and of the period before it. */
export function periodPair(c: Tracked, period: string): [Figures | null, Figures | null] {
  return period === 'now'
    ? [nowFigures(c, LATEST), nowFigures(c, shift(LATEST, -30))]
    : [monthFigures(c, period), monthFigures(c, previousMonth(period))];
}
